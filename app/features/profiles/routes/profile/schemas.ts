import { z } from "zod";

/**
 * Which of the profile page's forms was sent. Each intent's fields are parsed by its own schema
 * in its handler (`profileSchema`, `changeEmailSchema`, `changePasswordSchema`,
 * `profilePhotoSchema`); a body naming no form of the page is a translated 400.
 */
export const profileIntentSchema = z.object({ intent: z.enum(["removePhoto", "profile", "email", "password"]) });

/** The photo upload (multipart): its text fields, beside the file the multipart helper streams. */
export const photoIntentSchema = z.object({ intent: z.literal("photo") });
