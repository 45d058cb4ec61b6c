import { createContext, useCallback, useContext, useMemo, useRef, useState } from "react";

export interface Toast {
  title: string;
  description?: string;
  tone?: "success" | "error" | "info";
  /** How long it stays, in ms. */
  duration?: number;
}

type ShowToast = (toast: Toast) => Promise<void>;
const ToastContext = createContext<ShowToast>(async () => undefined);

const TONES = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-700 bg-brand-50 text-brand-900",
} as const;

/**
 * Small announcements in a polite live region. `showToast` resolves when the toast closes,
 * so a page can navigate after the specification's display time (1.4 s, 1.5 s …; docs/specification-quirks.md §11).
 */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>(
    (toast) =>
      new Promise((resolve) => {
        const id = ++nextId.current;
        setToasts((list) => [...list, { ...toast, id }]);
        setTimeout(() => {
          setToasts((list) => list.filter((t) => t.id !== id));
          resolve();
        }, toast.duration ?? 4000);
      }),
    [],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        // At the foot of the screen: the header (its menu, the page's heading) stays readable and usable.
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`pointer-events-auto w-full max-w-sm rounded-lg border-l-4 p-4 shadow-lg ${TONES[t.tone ?? "info"]}`}
          >
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-1 text-sm">{t.description}</p>}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
