import { pageMeta } from "../features/content/meta";
import { StopPromotions, type StopResult } from "../features/privacy/stop-promotions";
import { readStopLink, stopPromotions } from "../features/privacy/stop-promotions.server";
import type { Route } from "./+types/stop-promotions";

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      matches,
      "Ne plus recevoir nos promotions",
      "Un appui pour ne plus recevoir les promotions ni les rappels de la boutique.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

/** Opening the link reads its token and changes nothing (link previewers open links too). */
export const loader = ({ request }: Route.LoaderArgs) => readStopLink(request);

export const action = ({ request }: Route.ActionArgs) => stopPromotions(request);

/** The one-tap page of a message's "stop" link (decision 043). */
export default function StopPromotionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <StopPromotions link={loaderData} result={actionData as StopResult | undefined} />;
}
