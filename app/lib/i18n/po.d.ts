/** Lingui's Vite plugin compiles an imported .po catalog into its messages (lingui.config.ts). */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
