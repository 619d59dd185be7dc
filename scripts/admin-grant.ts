/**
 * `npm run admin:grant -- <email>`: gives the account the `admin` role claim (the only way to
 * become an admin; never a form). `--revoke` takes it away. The person signs in again to use it.
 */
import { loadConfig } from "#app/.server/config";
import { createServices } from "#app/.server/services";

process.env.METADATA_SERVER_DETECTION ??= "none";
const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const email = args.find((a) => !a.startsWith("--"));
if (!email) {
  console.error("Usage: npm run admin:grant -- <email> [--revoke]");
  process.exit(2);
}

const services = await createServices(loadConfig());
try {
  const account = await services.identity.getUserByEmail(email);
  if (!account) {
    console.error(`No account has the email ${email}.`);
    process.exitCode = 1;
  } else {
    // Sessions carry the role they were issued with: the change ends them on every server
    // (within a second), so it applies at the next sign-in.
    await services.accounts.setRole(account.uid, revoke ? null : "admin");
    console.info(`${email} ${revoke ? "is no longer an admin" : "is now an admin"}; their sessions were ended.`);
  }
} finally {
  await services.close();
}
