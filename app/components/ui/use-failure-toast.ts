import { apiErrorMessage } from "~/lib/api-client";
import { useToast } from "./toast";

/**
 * The error toast of a failed API call: the API's own message, or the fallback when there is
 * none (an answer without one, or an error thrown on our side).
 */
export function useFailureToast() {
  const toast = useToast();
  return (error: unknown, title: string, fallback = "Please try again.") =>
    void toast({ title, description: apiErrorMessage(error, fallback), tone: "error" });
}
