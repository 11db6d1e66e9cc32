import { browserTimeZone } from "@nook/ui/api";

/**
 * The zone the site reads the reader's days and shows times in: the browser's, as the rest of the
 * site has always used (its dates are the browser's local ones). The pages ask it here and pass it
 * down, so the profile's zone can take its place in one spot.
 */
export const readerZone = (): string => browserTimeZone();
