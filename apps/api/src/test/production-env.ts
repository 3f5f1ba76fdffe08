import { generateKeyPairSync } from "node:crypto";

/** The variables production cannot start without (a media signing key made for the test run). */
export const PRODUCTION = {
  NODE_ENV: "production",
  STAFF_SECRETS_KEY: "a-test-run-key-for-staff-secrets-0123456789",
  CLOUDFRONT_KEY_PAIR_ID: "K2JCJMDEHXQW5F",
  CLOUDFRONT_PRIVATE_KEY: generateKeyPairSync("rsa", { modulusLength: 2048 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString(),
} as const;
