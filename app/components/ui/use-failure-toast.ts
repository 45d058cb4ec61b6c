import { useLingui } from "@lingui/react";
import { apiErrorMessage } from "~/lib/api-client";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useToast } from "./toast";

/**
 * The error toast of a failed API call: the API's own message, or the fallback when there is
 * none (an answer without one, or an error thrown on our side); a fixed message in the page's
 * language (the API answers a Spanish page in Spanish already).
 */
export function useFailureToast() {
  const toast = useToast();
  const { i18n } = useLingui();
  return (error: unknown, title: string, fallback = "Please try again.") =>
    void toast({ title, description: i18n._(fixedMessage(apiErrorMessage(error, fallback))), tone: "error" });
}
