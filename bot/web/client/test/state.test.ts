// The live table's state logic under node's test runner (npm test): frames in, the page's state out.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Card, State } from "../src/protocol";
import { announcements, click, timerLeft, feltCards, initials, marksFor, NO_MARKS, receive, scoreUrl, selection } from "../src/table/state";

function card(name: string, i: number, extra: Partial<Card> = {}): Card {
  return { card: name, label: name, suit: Math.floor(i / 9), i, colour: "red", ...extra };
}

function seat(at: number, extra = {}) {
  return { name: `P${at}`, turn: false, you: at === 0, computer: false, card: null, at, dealer: false,
           forehand: false, weis: [], stoeck: false, ...extra };  // prettier-ignore
}

function state(extra: Partial<State> = {}): State {
  return {
    seq: 7, sprite: "/static/cards-swiss.png?v=0123456789ab", game: 1, hand_no: 2, phase: "play", title: "Schieber",
    contract: "Trumpf: Rose", seats: [seat(0), seat(1), seat(2), seat(3)], you: 0,
    hand: [card("rose-6", 9, { legal: true }), card("rose-O", 15, { legal: true }), card("rose-K", 16, { legal: false })],
    weis: [], stoeck: null, choices: [], board: { caption: "Stand", heads: [], rows: [] }, notes: [], status: "",
    tricks: 3, timer: null, last: [], taken: null, score: null, deadline: null, ...extra,
  } as State;  // prettier-ignore
}

test("a whole state replaces the page's state", () => {
  const s = state();
  assert.deepEqual(receive(null, { type: "state", state: s }), { kind: "state", state: s });
});

test("a patch changes the state it was made from, and leaves the old one as it was", () => {
  const before = state();
  const out = receive(before, {
    type: "patch", from: 7, seq: 8,
    ops: [{ op: "replace", path: "/seq", value: 8 }, { op: "remove", path: "/hand/0" },
          { op: "replace", path: "/seats/0/card", value: card("rose-6", 9) }],
  });  // prettier-ignore
  assert.equal(out.kind, "state");
  if (out.kind !== "state") return;
  assert.equal(out.state.seq, 8);
  assert.deepEqual(out.state.hand.map((c) => c.card), ["rose-O", "rose-K"]);
  assert.equal(out.state.seats[0].card?.card, "rose-6");
  assert.equal(before.hand.length, 3, "the state before is not changed");
  assert.equal(before.seats[0].card, null);
});

test("a patch that does not fit the page's state asks for the whole state again", () => {
  const s = state();
  const patch = { type: "patch" as const, from: 6, seq: 8, ops: [{ op: "replace" as const, path: "/seq", value: 8 }] };
  assert.deepEqual(receive(s, patch), { kind: "reconnect" });
  assert.deepEqual(receive(null, { ...patch, from: 7 }), { kind: "reconnect" });
  // a path the state does not have, and a patch that leaves the sequence number wrong
  const bad = { type: "patch" as const, from: 7, seq: 8, ops: [{ op: "replace" as const, path: "/hand/9/legal", value: true }] };
  assert.deepEqual(receive(s, bad), { kind: "reconnect" });
  const short = { type: "patch" as const, from: 7, seq: 8, ops: [] };
  assert.deepEqual(receive(s, short), { kind: "reconnect" });
});

test("refusals and hints are texts, the state stays", () => {
  assert.deepEqual(receive(state(), { type: "refused", text: "Nicht jetzt" }), { kind: "refused", text: "Nicht jetzt" });
  assert.deepEqual(receive(null, { type: "hint", text: "Rose Ober" }), { kind: "hint", text: "Rose Ober" });
});

test("nothing is marked to begin with (as in Discord); a card sends the bits marked", () => {
  const s = state({ weis: [{ bit: 1, label: "Dreiblatt" }, { bit: 2, label: "Vierblatt" }],
                    stoeck: { bit: 64, cards: ["rose-O"] } });  // prettier-ignore
  const marks = marksFor(NO_MARKS, s);
  assert.equal(selection(marks, s, "rose-O"), 0);
  marks.weis.add(1);
  marks.weis.add(2);
  marks.stoeck = true;
  assert.equal(selection(marks, s, "rose-O"), 1 | 2 | 64);
  assert.equal(selection(marks, s, "rose-6"), 1 | 2, "Stöck only with the card that completes it");
  marks.weis.delete(2);
  marks.stoeck = false;
  assert.equal(selection(marks, s, "rose-O"), 1);
  assert.equal(marksFor(marks, { ...s, seq: 9 }), marks, "kept while the same Weis are offered");
  assert.equal(selection(marksFor(marks, { ...s, hand_no: 3 }), s, "rose-O"), 0, "a new hand marks nothing");
});

test("a click names the hand it was made in", () => {
  assert.deepEqual(JSON.parse(click(state(), "card:rose-6:0")), { id: "card:rose-6:0", game: 1, hand_no: 2 });
});

test("the felt shows the trick under way, or the last trick while it is looked at", () => {
  const s = state({ seats: [seat(0, { card: card("rose-6", 9) }), seat(1), seat(2, { card: card("eichel-A", 8) }),
                            seat(3)],
                    last: [card("schelle-6", 18, { at: 3 }), card("schelle-7", 19, { at: 0 })] } as Partial<State>);  // prettier-ignore
  assert.deepEqual(feltCards(s, false).map((c) => [c.at, c.card.card]), [[0, "rose-6"], [2, "eichel-A"]]);
  assert.deepEqual(feltCards(s, true).map((c) => [c.at, c.card.card]), [[3, "schelle-6"], [0, "schelle-7"]]);
});

test("initials: two letters at most, marks and direction overrides left out", () => {
  assert.equal(initials("Anna"), "A");
  assert.equal(initials("Hans Muster"), "HM");
  assert.equal(initials("dänu_von_bern"), "DB");
  assert.equal(initials("\u202eCarla"), "C");
  assert.equal(initials("  "), "?");
  assert.equal(initials("Ölfi 🃏"), "Ö");
});

test("the score picture's address names its version and the page's language", () => {
  assert.equal(scoreUrl(state(), "tok", "de"), null);
  assert.equal(scoreUrl(state({ score: "1.2.hand_over" }), "tok", "en"), "/table/tok/score.png?v=1.2.hand_over&lang=en");
});

test("a card played and a trick taken are said, once", () => {
  const texts = { "live.played": "{name}: {card}", "live.took": "{name} nimmt den Stich." };
  const before = state();
  const played = state({ seq: 8, seats: [seat(0), seat(1, { card: card("rose-A", 17) }), seat(2), seat(3)] } as Partial<State>);
  assert.deepEqual(announcements(before, played, texts), ["P1: rose-A"]);
  assert.deepEqual(announcements(played, { ...played, seq: 9 }, texts), [], "nothing new: nothing said");
  const taken = state({ seq: 10, taken: 1,
                        seats: [seat(0, { card: card("rose-6", 9) }), seat(1, { card: card("rose-A", 17) }),
                                seat(2, { card: card("rose-7", 10) }), seat(3, { card: card("rose-8", 11) })] } as Partial<State>);  // prettier-ignore
  assert.deepEqual(announcements(played, taken, texts), ["P0: rose-6", "P2: rose-7", "P3: rose-8", "P1 nimmt den Stich."]);
  assert.deepEqual(announcements(null, played, texts), [], "a page that just opened says no card");
});

test("the time left: from the turn's end the server names, within the whole turn", () => {
  assert.equal(timerLeft(state(), 0), null);
  assert.equal(timerLeft(state({ timer: 30, deadline: null }), 5_000), 30, "no end named: the whole turn");
  assert.equal(timerLeft(state({ timer: 30, deadline: 100_000 }), 80_000), 20, "opened 10 s into the turn");
  assert.equal(timerLeft(state({ timer: 30, deadline: 100_000 }), 120_000), 0);
  assert.equal(timerLeft(state({ timer: 30, deadline: 100_000 }), 10_000), 30, "a clock behind the server's");
});
