import type { ReactNode } from "react";
import { create } from "zustand";

export type ToastKind = "info" | "success" | "error";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
  /** A picture before the message (an earned badge). */
  icon?: ReactNode;
  /** Where the toast leads (the achievements page for a badge): the message becomes a link there. */
  to?: string;
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

/** Durations of the spec: errors 3 s, the register note 5 s; an earned badge 6 s, to leave time to follow it. */
const TOAST_DURATION = { error: 3000, info: 5000, success: 3000, reward: 6000 } as const;

export const toast = {
  info: (message: string, duration: number = TOAST_DURATION.info) => useToastStore.getState().show({ kind: "info", message, duration }),
  success: (message: string, duration: number = TOAST_DURATION.success) =>
    useToastStore.getState().show({ kind: "success", message, duration }),
  error: (message: string, duration: number = TOAST_DURATION.error) => useToastStore.getState().show({ kind: "error", message, duration }),
  /** A celebration with a picture and a link (an earned badge); stays a little longer than a success. */
  reward: (message: string, { icon, to, duration = TOAST_DURATION.reward }: { icon?: ReactNode; to?: string; duration?: number }) =>
    useToastStore.getState().show({ kind: "success", message, duration, icon, to }),
};
