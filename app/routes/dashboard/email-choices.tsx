import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { Route } from "./+types/email-choices";
import { BackButton } from "~/components/ui/back-button";
import { EmailAddress } from "~/components/ui/email-address";
import { EmailChoicesForm } from "~/features/consent/email-choices-form";
import { LanguageSettingForm } from "~/features/account-language/language-setting-form";
import { requirePage } from "~/features/users/page-access.server";
import { memberPageMeta } from "~/lib/page-meta";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/email-choices");
  return {
    choices: await args.context.services.consent.myChoices(actor),
    language: await args.context.services.accountLanguage.mine(actor),
    email: actor.email,
    emailVerified: actor.emailVerified,
    siteName: args.context.site.name,
  };
}

export const meta: Route.MetaFunction = (args) => memberPageMeta(args, msg`E-mails from us`);

/** The account's side of the unsubscribe links: which of the shop's own e-mails its address gets. */
export default function EmailChoicesPage({ loaderData }: Route.ComponentProps) {
  const { choices, email, emailVerified } = loaderData;
  return (
    <>
      <BackButton />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">
        <Trans>E-mails from us</Trans>
      </h1>
      <p className="mt-1 mb-6 max-w-xl text-slate-700">
        <Trans>
          Besides your bookings' e-mails, we may write now and then. Choose what comes to{" "}
          <EmailAddress email={email} className="font-semibold" />.
        </Trans>
      </p>
      <EmailChoicesForm choices={choices} emailVerified={emailVerified} />
      <LanguageSettingForm locale={loaderData.language.locale} />
    </>
  );
}
