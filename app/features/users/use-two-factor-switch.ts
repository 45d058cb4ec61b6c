import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { twoFactorFailureMessage } from "./auth-messages";
import { authCall } from "./auth-request";

/**
 * The last step of turning two-factor sign-in on (a first code) or off (the password): better-auth's
 * call, a refusal said in a toast, a success said and the page read again to show the new state.
 */
export function useTwoFactorSwitch(turningOn: boolean) {
  const toast = useToast();
  const revalidator = useRevalidator();
  return async (path: "two-factor/verify-totp" | "two-factor/disable", body: Record<string, string>) => {
    const answer = await authCall(path, body);
    if (!answer.ok) {
      const title = turningOn ? "Not turned on" : "Not turned off";
      void toast({ title, description: twoFactorFailureMessage(answer.failure), tone: "error" });
      return;
    }
    void toast({ title: `Two-factor sign-in is ${turningOn ? "on" : "off"}`, tone: "success" });
    await revalidator.revalidate();
  };
}
