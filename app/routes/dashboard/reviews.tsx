import { Link } from "react-router";
import type { Route } from "./+types/reviews";
import { Pager } from "~/components/ui/pager";
import { dateWithYear } from "~/features/bookings/visit-text";
import { ReviewModerationCard } from "~/features/reviews/review-moderation";
import { ReviewSettingsForm } from "~/features/reviews/review-settings-form";
import { adminReviewQuerySchema, type ReviewStatus } from "~/features/reviews/reviews.schema";
import { requirePage } from "~/features/users/page-access.server";
import { pageSearch } from "~/lib/page-search";
import { pageFromUrl } from "~/lib/pagination";

const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/reviews");
  const url = new URL(args.request.url);
  const { status } = pageSearch(url, adminReviewQuerySchema.pick({ status: true }));
  const { page, limit, offset } = pageFromUrl(url, PAGE_SIZE);
  const { services, site } = args.context;
  const [list, settings] = await Promise.all([
    services.reviews.listReviews(actor, { status, limit, offset }),
    services.followUpSettings.getSettings(actor),
  ]);
  return { ...list, page, status: status ?? null, settings, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Reviews | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const FILTERS: { status: ReviewStatus | null; label: string }[] = [
  { status: null, label: "All" },
  { status: "pending", label: "Waiting" },
  { status: "published", label: "Published" },
  { status: "hidden", label: "Hidden" },
];

const EMPTY: Record<ReviewStatus | "all", string> = {
  all: "No reviews yet. Customers are asked after their visit is collected.",
  pending: "Nothing waiting: every review has been read.",
  published: "No published reviews: the site shows its sample reviews until you publish one.",
  hidden: "No hidden reviews.",
};

export default function ReviewsAdminPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, status, settings } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Reviews</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        What customers said after their visit, those waiting first. Publish a review to show it on the home page and
        Reviews with the customer&apos;s first name and last initial; reply publicly under it; hide what should not
        show. 1–3 star reviews are never published without you.
      </p>
      <div className="mt-6 grid gap-8 xl:grid-cols-[1fr_22rem] xl:items-start">
        <section aria-labelledby="list-heading" className="min-w-0">
          <h2 id="list-heading" className="sr-only">
            Reviews list
          </h2>
          <nav aria-label="Show reviews" className="flex flex-wrap gap-2">
            {FILTERS.map((filter) => {
              const current = filter.status === status;
              return (
                <Link
                  key={filter.label}
                  to={filter.status ? `/dashboard/reviews?status=${filter.status}` : "/dashboard/reviews"}
                  aria-current={current ? "page" : undefined}
                  className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
                >
                  {filter.label}
                </Link>
              );
            })}
          </nav>
          {items.length === 0 ? (
            <p className="mt-6 rounded-lg bg-white p-6 text-slate-700">{EMPTY[status ?? "all"]}</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {items.map((review) => (
                <li key={review._id}>
                  <ReviewModerationCard review={review} visitDay={dateWithYear(review.visitDate)} />
                </li>
              ))}
            </ol>
          )}
          <Pager page={page} total={total} size={PAGE_SIZE} label="Review pages" />
        </section>
        <ReviewSettingsForm
          key={`${settings.reviewRequests}|${settings.reviewRequestDaysAfter}|${settings.autoPublishGoodReviews}`}
          settings={settings}
        />
      </div>
    </>
  );
}
