/**
 * @lingui/react imports `use-sync-external-store/shim`, a copy of the hook for React before 18;
 * React 19 has it, so the build points that import here (vite.config.ts): 1 KB gzip less on
 * every page (decision 056).
 */
export { useSyncExternalStore } from "react";
