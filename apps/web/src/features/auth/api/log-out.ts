import { api } from "../../../lib/api-client";

/** DELETE /api/v1/user/token: revokes the token of this device. */
export const revokeToken = () => api.delete("user/token", { silent: true, endSessionOnUnauthorized: false });
