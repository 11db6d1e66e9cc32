/**
 * Every contract module (an area's schemas), for the tests that walk them all:
 * a new area's schemas go here too. Nothing but tests imports this.
 */
import * as auth from "../auth/schemas.ts";
import * as calendar from "../calendar/schemas.ts";
import * as donate from "../donate/schemas.ts";
import * as imports from "../import/schemas.ts";
import * as pixels from "../journal/pixels.ts";
import * as journal from "../journal/schemas.ts";
import * as lupileon from "../lupileon/schemas.ts";
import * as people from "../people/schemas.ts";
import * as push from "../push/schemas.ts";
import * as random from "../random/schemas.ts";
import * as itemData from "../stacks/item-data.ts";
import * as stacks from "../stacks/schemas.ts";
import * as steps from "../steps/schemas.ts";
import * as timer from "../timer/schemas.ts";
import * as userExport from "../user/export.ts";
import * as validation from "./validation.ts";

export const CONTRACTS: Record<string, Record<string, unknown>> = {
  auth,
  calendar,
  donate,
  imports,
  journal,
  lupileon,
  people,
  pixels,
  push,
  random,
  itemData,
  stacks,
  steps,
  timer,
  userExport,
  validation,
};
