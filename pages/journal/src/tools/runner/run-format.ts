import { useLingui } from "@lingui/react/macro";
import { formatDistance } from "@nook/shared/runner/distance";
import { formatPace } from "@nook/shared/runner/pace";
import { useReaderTimeZone } from "@nook/ui/auth";

/** Distances and paces in the reader's language and number format; dates in the profile's zone. */
export function useRunFormat() {
  const { t, i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  return {
    distance(meters: number) {
      const { value, unit } = formatDistance(meters, i18n.locale);
      return unit === "m" ? t`${value} m` : t`${value} km`;
    },
    /** "5:30 /km", or "—" when unknown. */
    pace(minPerKm: number | null) {
      const pace = formatPace(minPerKm);
      return pace === "—" ? pace : t`${pace} /km`;
    },
    date(iso: string) {
      return new Date(iso).toLocaleString(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone });
    },
  };
}
