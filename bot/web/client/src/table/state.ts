// The live table's state logic, without the page: frames in, the state the page draws out. Unit-tested
// with node's test runner (test/state.test.ts); the page (view.ts, main.ts) only draws and sends.
import { applyPatch, deepClone } from "fast-json-patch";
import type { Card, Frame, State } from "../protocol";

/** What a frame does to the page's state: a new state, a text to show, or "reconnect" (a patch that does
 * not fit the state the page has: the socket is closed and the page gets the whole state again). */
export type Outcome =
  | { kind: "state"; state: State }
  | { kind: "refused" | "hint"; text: string }
  | { kind: "reconnect" };

/** The page's state after ``frame``: the whole state, or the patch applied to a copy of ``current``. */
export function receive(current: State | null, frame: Frame): Outcome {
  switch (frame.type) {
    case "state":
      return { kind: "state", state: frame.state };
    case "patch": {
      if (current === null || current.seq !== frame.from) return { kind: "reconnect" };
      try {
        // fast-json-patch's operations are RFC 6902's; the server writes them with python-json-patch
        const next = applyPatch(deepClone(current), frame.ops as never, true, true).newDocument as State;
        return next.seq === frame.seq ? { kind: "state", state: next } : { kind: "reconnect" };
      } catch {
        return { kind: "reconnect" };
      }
    }
    case "hint":
    case "refused":
      return { kind: frame.type, text: frame.text };
  }
}

/** The Weis and Stöck a player marks to declare with their card (manual Weis): none to begin with, as
 * in the Discord hand message (declaring is the player's own decision where the table says so). */
export interface Marks {
  key: string;
  weis: Set<number>;
  stoeck: boolean;
}

export const NO_MARKS: Marks = { key: "", weis: new Set(), stoeck: false };

/** The marks for ``state``: kept while the same Weis are offered in the same hand, else none marked. */
export function marksFor(marks: Marks, state: State): Marks {
  const key = JSON.stringify([state.game, state.hand_no, state.weis.map((w) => w.label), state.stoeck?.cards ?? []]);
  return key === marks.key ? marks : { key, weis: new Set(), stoeck: false };
}

/** The number sent with a card: a bit for each marked Weis, and Stöck's when this card completes it. */
export function selection(marks: Marks, state: State, card: string): number {
  let bits = 0;
  for (const bit of marks.weis) bits |= bit;
  if (state.stoeck && marks.stoeck && state.stoeck.cards.includes(card)) bits |= state.stoeck.bit;
  return bits;
}

/** A click as the page sends it: the id of a card or choice, and the hand it was made in. */
export function click(state: State, id: string): string {
  return JSON.stringify({ id, game: state.game, hand_no: state.hand_no });
}

/** The cards on the felt, each with the place of the one who played it: the trick under way (or the one
 * just completed), or, while ``past``, the trick before it. */
export function feltCards(state: State, past: boolean): { at: number; card: Card }[] {
  if (past) return state.last.map((card) => ({ at: card.at ?? 0, card }));
  return state.seats.flatMap((seat) => (seat.card ? [{ at: seat.at, card: seat.card }] : []));
}

/** A name's initials for its seat's picture (two letters at most, the first of the first and last word);
 * marks and other invisible characters are left out. */
export function initials(name: string): string {
  const words = name
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .split(/[\s._-]+/u)
    .filter((w) => /\p{L}|\p{N}/u.test(w));
  if (words.length === 0) return "?";
  const first = (w: string) => [...w].find((ch) => /\p{L}|\p{N}/u.test(ch)) ?? "";
  const letters = words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
  return letters.toLocaleUpperCase();
}

/** The address of the score picture a state names (null: none yet). */
export function scoreUrl(state: State, token: string, lang: string): string | null {
  if (state.score === null) return null;
  return `/table/${token}/score.png?v=${encodeURIComponent(state.score)}&lang=${encodeURIComponent(lang)}`;
}

/** What a reader hears of a change on the felt: each card played since ``before`` (by whom), and who
 * took a trick just completed. */
export function announcements(before: State | null, after: State, texts: Record<string, string>): string[] {
  const seen = new Set(before ? feltCards(before, false).map((c) => c.card.card) : []);
  const out: string[] = [];
  after.seats.forEach((seat) => {
    if (seat.card && !seen.has(seat.card.card) && before !== null) {
      out.push(texts["live.played"].replace("{name}", seat.name).replace("{card}", seat.card.label));
    }
  });
  if (after.taken !== null && (before === null || before.taken === null)) {
    const taker = after.seats.find((seat) => seat.at === after.taken);
    if (taker) out.push(texts["live.took"].replace("{name}", taker.name));
  }
  return out;
}

/** The seconds the person at turn has left (null: no turn timer): from the turn's end the server
 * names, so a page opened mid-turn shows the time left; never more than the whole turn (a clock that
 * runs ahead of the server's). */
export function timerLeft(state: State, now: number): number | null {
  if (!state.timer) return null;
  if (state.deadline === null) return state.timer;
  return Math.min(state.timer, Math.max(0, (state.deadline - now) / 1000));
}
