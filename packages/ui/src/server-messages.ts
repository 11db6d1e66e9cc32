import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { matchServerMessage, type ServerMessage } from "@nook/shared/common/messages";

/**
 * Every message the API can send (packages/shared/src/common/messages.ts) as
 * a Lingui message, so each site's catalog translates it. The type makes a
 * new server message fail the build until it is named here.
 */
const SERVER_MESSAGE_DESCRIPTORS: Record<ServerMessage, MessageDescriptor> = {
  // platform
  "Not found": msg({ message: "Not found" }),
  "Something went wrong": msg({ message: "Something went wrong" }),
  "Server configuration is invalid": msg({ message: "Server configuration is invalid" }),
  "Cross-site request refused": msg({ message: "Cross-site request refused" }),
  "Not signed in": msg({ message: "Not signed in" }),
  "Invalid input": msg({ message: "Invalid input" }),
  "{field} is required": msg({ message: "{field} is required" }),
  "{field} is not valid": msg({ message: "{field} is not valid" }),
  "The body must be JSON": msg({ message: "The body must be JSON" }),
  // auth
  "Invalid credentials": msg({ message: "Invalid credentials" }),
  "Too many sign-in attempts. Try again in {minutes} min.": msg({
    message: "Too many sign-in attempts. Try again in {minutes} min.",
  }),
  "Sign-up is closed": msg({ message: "Sign-up is closed" }),
  "Email is already in use": msg({ message: "Email is already in use" }),
  "Username is already taken": msg({ message: "Username is already taken" }),
  "Current password is incorrect": msg({ message: "Current password is incorrect" }),
  "Password changed": msg({ message: "Password changed" }),
  "Logged out": msg({ message: "Logged out" }),
  "The demo account does not exist; run npm start to seed it": msg({
    message: "The demo account does not exist; run npm start to seed it",
  }),
  "Email is required": msg({ message: "Email is required" }),
  "Email is too long": msg({ message: "Email is too long" }),
  "Email is not valid": msg({ message: "Email is not valid" }),
  "Password is required": msg({ message: "Password is required" }),
  "Current password is required": msg({ message: "Current password is required" }),
  "Password must be at least {min} characters": msg({ message: "Password must be at least {min} characters" }),
  "Password must be at most {max} characters": msg({ message: "Password must be at most {max} characters" }),
  "Name is required": msg({ message: "Name is required" }),
  "Name is too long": msg({ message: "Name is too long" }),
  "Username is required": msg({ message: "Username is required" }),
  "Username is too long": msg({ message: "Username is too long" }),
  "Username may hold letters, digits, '.', '_' and '-' only": msg({
    message: "Username may hold letters, digits, '.', '_' and '-' only",
  }),
  "Unknown time zone": msg({ message: "Unknown time zone" }),
  "Date of birth is not a valid date": msg({ message: "Date of birth is not a valid date" }),
  "Accent colour must be one of {colors}": msg({ message: "Accent colour must be one of {colors}" }),
  // journal
  "Entry not found": msg({ message: "Entry not found" }),
  "Entry deleted": msg({ message: "Entry deleted" }),
  "An entry needs text, a tag, a metric or a mood": msg({ message: "An entry needs text, a tag, a metric or a mood" }),
  "Each metric can appear once per entry": msg({ message: "Each metric can appear once per entry" }),
  "Text must be text": msg({ message: "Text must be text" }),
  "Text is at most {max} characters": msg({ message: "Text is at most {max} characters" }),
  "Tags must be a list": msg({ message: "Tags must be a list" }),
  "At most {max} tags": msg({ message: "At most {max} tags" }),
  "A tag must be text": msg({ message: "A tag must be text" }),
  "A tag cannot be empty": msg({ message: "A tag cannot be empty" }),
  "A tag cannot start with '!'": msg({ message: "A tag cannot start with '!'" }),
  "A tag is at most {max} characters": msg({ message: "A tag is at most {max} characters" }),
  "Metrics must be a list": msg({ message: "Metrics must be a list" }),
  "At most {max} metrics": msg({ message: "At most {max} metrics" }),
  "A metric needs a label": msg({ message: "A metric needs a label" }),
  "A metric label is at most {max} characters": msg({ message: "A metric label is at most {max} characters" }),
  "A metric value must be a number": msg({ message: "A metric value must be a number" }),
  "A metric value is at most {max} in size": msg({ message: "A metric value is at most {max} in size" }),
  "Mood is a whole number from {min} to {max}": msg({ message: "Mood is a whole number from {min} to {max}" }),
  "A duration cannot be negative": msg({ message: "A duration cannot be negative" }),
  "Date must be an ISO date-time": msg({ message: "Date must be an ISO date-time" }),
  "Date must be between {min} and {max}": msg({ message: "Date must be between {min} and {max}" }),
  "The id must be a whole number": msg({ message: "The id must be a whole number" }),
  "before must be an ISO date or a cursor": msg({ message: "before must be an ISO date or a cursor" }),
  "limit must be a whole number": msg({ message: "limit must be a whole number" }),
  "limit must be at least 1": msg({ message: "limit must be at least 1" }),
  "limit is at most {max}": msg({ message: "limit is at most {max}" }),
  "filter must be a list of tags": msg({ message: "filter must be a list of tags" }),
  "timeRange is one of {ranges}": msg({ message: "timeRange is one of {ranges}" }),
  "tagsSign is && or ||": msg({ message: "tagsSign is && or ||" }),
  // stacks (spec 1 §5)
  "No update stack data presented": msg({ message: "No update stack data presented" }),
  "No update stackitem data presented": msg({ message: "No update stackitem data presented" }),
  "empty title": msg({ message: "empty title" }),
  "empty tags": msg({ message: "empty tags" }),
  "Stack not found": msg({ message: "Stack not found" }),
  "Stack deleted": msg({ message: "Stack deleted" }),
  "Stack item not found": msg({ message: "Stack item not found" }),
  "Stack item deleted": msg({ message: "Stack item deleted" }),
  "Metric not found": msg({ message: "Metric not found" }),
  "An icon must be text": msg({ message: "An icon must be text" }),
  "An icon is at most {max} characters": msg({ message: "An icon is at most {max} characters" }),
  "A title is at most {max} characters": msg({ message: "A title is at most {max} characters" }),
  "type is one of {types}": msg({ message: "type is one of {types}" }),
  "position must be a whole number": msg({ message: "position must be a whole number" }),
  "uptimeOnly must be true or false": msg({ message: "uptimeOnly must be true or false" }),
  // timer
  "Timer not found": msg({ message: "Timer not found" }),
  "A timer is already running": msg({ message: "A timer is already running" }),
  "This timer is already saved": msg({ message: "This timer is already saved" }),
  "Timer reset": msg({ message: "Timer reset" }),
  "{field} must be an ISO date-time between {min} and {max}": msg({
    message: "{field} must be an ISO date-time between {min} and {max}",
  }),
  "pausedTimeDiff is a whole number of milliseconds, at least 0": msg({
    message: "pausedTimeDiff is a whole number of milliseconds, at least 0",
  }),
  "complete must be true or false": msg({ message: "complete must be true or false" }),
  "A timer cannot be paused before it started": msg({ message: "A timer cannot be paused before it started" }),
  "The paused time cannot be longer than the time since the start": msg({
    message: "The paused time cannot be longer than the time since the start",
  }),
  // donate (spec 1 §5, for the donate area)
  "Donation page title is required": msg({ message: "Donation page title is required" }),
  "Donation page title is at most {max} characters": msg({
    message: "Donation page title is at most {max} characters",
  }),
  "The BTC address is not a valid Bitcoin address": msg({ message: "The BTC address is not a valid Bitcoin address" }),
  "The ETH address must be 0x and 40 hexadecimal digits": msg({
    message: "The ETH address must be 0x and 40 hexadecimal digits",
  }),
  "The ETH address's capital letters do not match its checksum (EIP-55)": msg({
    message: "The ETH address's capital letters do not match its checksum (EIP-55)",
  }),
  "The PayPal button id may hold letters and digits only": msg({
    message: "The PayPal button id may hold letters and digits only",
  }),
  "The PayPal button id is at most {max} characters": msg({
    message: "The PayPal button id is at most {max} characters",
  }),
  "No donation information yet": msg({ message: "No donation information yet" }),
  "Donation page not found": msg({ message: "Donation page not found" }),
  "Donation information deleted": msg({ message: "Donation information deleted" }),
  "before must be a cursor from the previous page": msg({ message: "before must be a cursor from the previous page" }),
  // people (spec 2 §5, §8)
  "Person not found": msg({ message: "Person not found" }),
  "Person deleted": msg({ message: "Person deleted" }),
  "Birth date is required": msg({ message: "Birth date is required" }),
  "Birth date is not a valid date": msg({ message: "Birth date is not a valid date" }),
  "The id in the body does not match the address": msg({ message: "The id in the body does not match the address" }),
  "This person was renamed elsewhere: reload to see the new name": msg({
    message: "This person was renamed elsewhere: reload to see the new name",
  }),
  // steps (spec 2 §5)
  "Steps not found": msg({ message: "Steps not found" }),
  "Steps deleted": msg({ message: "Steps deleted" }),
  "Send a name or content to update": msg({ message: "Send a name or content to update" }),
  "A checklist is at most {max} characters": msg({ message: "A checklist is at most {max} characters" }),
  "A checklist is at most {max} lines": msg({ message: "A checklist is at most {max} lines" }),
  "Deadline must be an ISO date-time": msg({ message: "Deadline must be an ISO date-time" }),
  // calendar (DESIGN §5)
  "from and to must be dates (YYYY-MM-DD)": msg({ message: "from and to must be dates (YYYY-MM-DD)" }),
  "from must not be after to": msg({ message: "from must not be after to" }),
  "A calendar range is at most {max} days": msg({ message: "A calendar range is at most {max} days" }),
  // random (spec 2 §5, §7, §8; DESIGN §5)
  "Count must be a whole number from 1 to {max}": msg({ message: "Count must be a whole number from 1 to {max}" }),
  "Min and max must be whole numbers from {min} to {max}": msg({
    message: "Min and max must be whole numbers from {min} to {max}",
  }),
  "Min must not be greater than max": msg({ message: "Min must not be greater than max" }),
  "Without repeats, count cannot be more than the numbers from min to max": msg({
    message: "Without repeats, count cannot be more than the numbers from min to max",
  }),
  "replacement must be true or false": msg({ message: "replacement must be true or false" }),
  "The random-number service is not configured": msg({ message: "The random-number service is not configured" }),
  "The random-number service did not answer": msg({ message: "The random-number service did not answer" }),
  "The random-number service refused the request": msg({ message: "The random-number service refused the request" }),
  "The random-number service sent an answer that could not be read": msg({
    message: "The random-number service sent an answer that could not be read",
  }),
  // lupileon
  "Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}": msg({
    message: "Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}",
  }),
};

/** The server's message in the reader's language; a text no catalog knows stays as sent. */
export function translateServerMessage(text: string): string {
  const known = matchServerMessage(text);
  if (!known) return text;
  return i18n._({ ...SERVER_MESSAGE_DESCRIPTORS[known.template], values: known.values });
}
