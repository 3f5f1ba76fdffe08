import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { MediaConfig } from "../../config.ts";

export interface SigningKey {
  privateKeyPem: string;
  publicKey: KeyObject;
  keyPairId: string;
}

/**
 * The RSA key that signs media cookies. Production passes it in CLOUDFRONT_PRIVATE_KEY (its public
 * half is registered with CloudFront under CLOUDFRONT_KEY_PAIR_ID); elsewhere one is generated once
 * and kept under DATA_DIR.
 */
export function loadSigningKey(config: Pick<MediaConfig, "privateKeyPem" | "generatedKeyFile" | "keyPairId">): SigningKey {
  let pem = config.privateKeyPem;
  if (!pem) {
    if (existsSync(config.generatedKeyFile)) {
      pem = readFileSync(config.generatedKeyFile, "utf8");
    } else {
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      mkdirSync(path.dirname(config.generatedKeyFile), { recursive: true });
      writeFileSync(config.generatedKeyFile, pem, { mode: 0o600 });
    }
  }
  return { privateKeyPem: pem, publicKey: createPublicKey(createPrivateKey(pem)), keyPairId: config.keyPairId };
}
