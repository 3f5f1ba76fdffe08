import { create } from "zustand";

interface ErrorState {
  message: string | null;
  flag: boolean;
  /** Shows the global error toast with this message. */
  setError: (message: string) => void;
  clear: () => void;
}

/** The global error state of spec 000 section 8: a failed call sets it, the toast shows it for 3 s. */
export const useErrorStore = create<ErrorState>((set) => ({
  message: null,
  flag: false,
  setError: (message) => set({ message, flag: true }),
  clear: () => set({ message: null, flag: false }),
}));
