import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { useServerFieldErrors } from "./form-errors";

const invalid = new ApiError(422, {
  message: "The given data was invalid.",
  errors: { email: ["The email has already been taken.", "The email must be a valid email address."], password: ["Too short."] },
});

describe("useServerFieldErrors", () => {
  it("puts a 422's messages under their fields, with the form's rule", () => {
    const first = renderHook(() => useServerFieldErrors({ messages: "first" }));
    act(() => first.result.current.capture(invalid));
    expect(first.result.current.field("email")).toEqual({ errors: invalid.data.errors!.email, allErrors: false });
    expect(first.result.current.field("name")).toEqual({ errors: undefined, allErrors: false });

    const all = renderHook(() => useServerFieldErrors({ messages: "all" }));
    act(() => all.result.current.capture(invalid));
    expect(all.result.current.field("email").allErrors).toBe(true);
    expect(all.result.current.formMessage).toBeUndefined();
  });

  it("shows a 422 without fields as the form's message, and clears on the next submit", () => {
    const { result } = renderHook(() => useServerFieldErrors({ messages: "first" }));
    act(() => result.current.capture(new ApiError(422, { message: "The link has expired." })));
    expect(result.current.formMessage).toBe("The link has expired.");
    act(() => result.current.clear());
    expect(result.current.formMessage).toBeUndefined();
    expect(result.current.errors).toEqual({});
  });

  it("keeps other failures out of the fields (the global error toast reports them)", () => {
    const { result } = renderHook(() => useServerFieldErrors({ messages: "first" }));
    act(() => result.current.capture(invalid));
    act(() => result.current.capture(new ApiError(500, { message: "Server Error" })));
    expect(result.current.errors).toEqual({});
  });
});
