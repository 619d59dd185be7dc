/** The pricing function lives where pages can use it too (the live estimate): `app/utils/pricing.ts`. */
export * from "#app/utils/pricing";
