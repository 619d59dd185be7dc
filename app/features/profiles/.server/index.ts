/** People's profiles. The folder's only door. */
export { isLessorComplete, isSlug, slugify, type AccountKind, type Company, type Lessor, type ProfilePhoto, type PublicProfile, type UserProfile } from "./model";
export { createUsersService, type UsersService } from "./service";
export { createProfilePhotosService, profilePhotoPrefix, type ProfilePhotoResult, type ProfilePhotosService } from "./photos";
