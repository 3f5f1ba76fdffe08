import { create } from "zustand";

export type ToastKind = "info" | "success" | "error";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

interface ToastState {
  toasts: ToastItem[];
  show: (toast: Omit<ToastItem, "id">) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

/** Durations of the spec: errors 3 s, the register note 5 s. */
const TOAST_DURATION = { error: 3000, info: 5000, success: 3000 } as const;

export const toast = {
  info: (message: string, duration: number = TOAST_DURATION.info) => useToastStore.getState().show({ kind: "info", message, duration }),
  success: (message: string, duration: number = TOAST_DURATION.success) =>
    useToastStore.getState().show({ kind: "success", message, duration }),
  error: (message: string, duration: number = TOAST_DURATION.error) => useToastStore.getState().show({ kind: "error", message, duration }),
};
