import { ApiError } from "../../../lib/api-client";
import { useServerFieldErrors } from "../../../lib/form-errors";

/**
 * A console form's problems: a 422's messages under its fields and a 429's above them (the app's rule),
 * and any other failure's message above them too, since console calls stay out of the global toast.
 */
export function useFormProblems() {
  const server = useServerFieldErrors({ messages: "first" });
  const status = (error: unknown) => (error instanceof ApiError ? error.status : 0);
  const message = (error: unknown) =>
    error instanceof ApiError && error.data.message ? error.data.message : "Something went wrong. Please try again in a moment.";
  return {
    ...server,
    status,
    message,
    capture(error: unknown) {
      const code = status(error);
      server.capture(code === 422 || code === 429 ? error : new ApiError(422, { message: message(error) }));
    },
  };
}
