/**
 * What a screen adds to a resource's mutation hook: the hook does the resource's cache work
 * (set, remove, invalidate) first, then calls these (a toast, a navigation, field messages).
 */
export interface MutationCallbacks<T> {
  onSuccess?: (value: T) => void;
  onError?: (error: Error) => void;
}
