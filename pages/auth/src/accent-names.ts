import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AccentColor } from "@nook/shared/common/accent-colors";

/** Each accent colour's name in the reader's language: the profile's swatches, and an import's preview of one. */
export const COLOR_NAMES: Record<AccentColor, MessageDescriptor> = {
  orange: msg`orange`,
  blue: msg`blue`,
  yellow: msg`yellow`,
  green: msg`green`,
  purple: msg`purple`,
  turquoise: msg`turquoise`,
  pink: msg`pink`,
};
