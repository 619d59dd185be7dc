/** Favourites: the listings a person saved. The folder's only door. */
export { FAVOURITES, FavouriteError, isFavouriteError, type FavouriteEntry, type FavouriteErrorCode, type FavouriteRecord } from "./model";
export { createFavouritesService, type FavouritesService } from "./service";
