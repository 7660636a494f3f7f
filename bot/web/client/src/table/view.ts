// Drawing the live table: the felt with its four seats, the trick, the hand, the choices and the score.
// Names are set as text (never as HTML); every card is named for screen readers.
import type { Card, Choice, Seat, State } from "../protocol";
import { avatarUrl, type Person } from "./people";
import { feltCards, initials, timerLeft, type Marks } from "./state";

export type Texts = Record<string, string>;

export function el(tag: string, attrs: Record<string, string> = {}, text: string | null = null): HTMLElement {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function nameNode(name: string): HTMLElement {
  // A name stands apart from its neighbours (a right-to-left name or override stays inside it) and is cut
  // with an ellipsis where it is too long (the whole name in its title).
  return el("bdi", { class: "name", title: name }, name);
}

/** A card: its cell of the deck's sprite (column: rank, row: suit), its name for readers and the tooltip. */
export function cardNode(card: Card, tag = "span"): HTMLElement {
  const node = el(tag, { class: `card ${card.colour}`, "data-card": card.card, title: card.label });
  if (tag !== "button") node.setAttribute("role", "img");
  node.setAttribute("aria-label", card.label);
  node.append(el("span", { class: `face k${card.i % 9} s${Math.floor(card.i / 9)}`, "aria-hidden": "true" }));
  return node;
}

const missing = new Set<string>(); // pictures that could not be had: not asked for again

function avatarNode(seat: Seat, person: Person | undefined): HTMLElement {
  // the seat's picture: the person's Discord picture in the Activity, else their initials (a computer
  // player's too)
  const initialsNode = el("span", { class: "avatar" + (seat.computer ? " computer" : ""), "aria-hidden": "true" },
                          initials(seat.name));  // prettier-ignore
  const url = person ? avatarUrl(person) : null;
  if (!url || missing.has(url)) return initialsNode;
  const img = el("img", { class: "avatar", alt: "", src: url, width: "32", height: "32" }) as HTMLImageElement;
  img.addEventListener("error", () => {
    missing.add(url);
    img.replaceWith(initialsNode);
  });
  return img;
}

function seatNode(seat: Seat, index: number, state: State, texts: Texts, person?: Person): HTMLElement {
  const box = el("div", {
    class: "seat" + (seat.turn ? " turn" : "") + (seat.you ? " you" : ""),
    "data-seat": String(index),
    "data-at": String(seat.at),
  });
  box.append(avatarNode(seat, person));
  box.append(nameNode(seat.name));
  const marks: string[] = [];
  if (seat.dealer) marks.push(texts["live.dealer"]);
  if (seat.forehand) marks.push(texts["live.forehand"]);
  if (seat.you) marks.push(texts["live.you"]);
  if (marks.length) box.append(el("span", { class: "marks" }, marks.join(" · ")));
  // Weis and Stöck announced where they were made (the points of each Weis, once shown)
  const said = seat.weis.map((points) => `${texts["live.weis"]} ${points}`);
  if (seat.stoeck) said.push(texts["live.stoeck_said"]);
  if (said.length) box.append(el("span", { class: "said" }, said.join(" · ")));
  const left = timerLeft(state, Date.now());
  if (seat.turn && state.timer && left !== null) {
    // the turn timer runs down to the turn's end (a bar; the seconds left for screen readers)
    const bar = el("span", { class: "timer", role: "img", "aria-label": `${Math.round(left)} s` });
    bar.style.setProperty("--seconds", `${left}s`);
    bar.style.setProperty("--from", String(left / state.timer));
    box.append(bar);
  }
  return box;
}

function toggle(label: string, pressed: boolean, onChange: (on: boolean) => void): HTMLElement {
  const button = el("button", { type: "button", class: "mark", "aria-pressed": String(pressed) }, label);
  button.addEventListener("click", () => {
    const now = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(now));
    onChange(now);
  });
  return button;
}

/** Weis to declare with the first card and Stöck to announce: toggles. */
export function drawMarks(state: State, marks: Marks, texts: Texts): void {
  const box = byId("marks");
  box.replaceChildren();
  for (const w of state.weis) {
    box.append(toggle(w.label, marks.weis.has(w.bit), (on) => (on ? marks.weis.add(w.bit) : marks.weis.delete(w.bit))));
  }
  if (state.stoeck) box.append(toggle(texts["live.stoeck_mark"], marks.stoeck, (on) => (marks.stoeck = on)));
  box.hidden = !box.childElementCount;
}

/** The seats round the felt and the trick in front of those who played it. ``arrived``: the cards
 * already drawn (a new one slides in from its player); returns the cards now shown. */
export function drawFelt(state: State, texts: Texts, past: boolean, arrived: Set<string>,
                         people: Person[] = []): Set<string> {  // prettier-ignore
  const at = (i: number) => people.find((p) => p.seat === i);
  byId("seats").replaceChildren(...state.seats.map((seat, i) => seatNode(seat, i, state, texts, at(i))));
  const trick = byId("trick");
  trick.replaceChildren();
  trick.classList.toggle("past", past);
  // a trick just completed goes to the side of the one who took it
  if (!past && state.taken !== null) trick.dataset.taken = String(state.taken);
  else delete trick.dataset.taken;
  const shown = new Set<string>();
  for (const { at, card } of feltCards(state, past)) {
    const node = cardNode(card);
    node.dataset.at = String(at);
    if (!past && !arrived.has(card.card)) node.classList.add("arrives");
    shown.add(card.card);
    trick.append(node);
  }
  return past ? arrived : shown;
}

/** The hand, fanned: legal cards raised and clickable, the others dimmed. */
export function drawHand(state: State, play: (card: Card) => void): void {
  const hand = byId("hand");
  const focused = document.activeElement?.closest("#hand") != null;
  hand.replaceChildren();
  hand.style.setProperty("--cards", String(state.hand.length));
  let first = true;
  state.hand.forEach((card, n) => {
    const button = cardNode(card, "button") as HTMLButtonElement;
    button.type = "button";
    button.disabled = !card.legal;
    button.tabIndex = card.legal && first ? 0 : -1;
    button.style.setProperty("--n", String(n));
    if (card.legal) first = false;
    button.addEventListener("click", () => play(card));
    hand.append(button);
  });
  if (focused) hand.querySelector<HTMLButtonElement>("button.card:not([disabled])")?.focus();
}

/** The choices the seat has now (a contract, Schieben, a row, a prediction, Bedanken, the tip). */
export function drawChoices(state: State, texts: Texts, send: (id: string) => void): void {
  const list = byId("choice-list");
  list.replaceChildren();
  for (const choice of state.choices as Choice[]) {
    if (choice.low !== null && choice.high !== null) {
      const input = el("input", { type: "number", min: String(choice.low), max: String(choice.high), id: "number",
                                  "aria-label": choice.label, value: "0" }) as HTMLInputElement;  // prettier-ignore
      const go = el("button", { type: "button", "data-choice": choice.id }, texts["live.send"]);
      go.addEventListener("click", () => send(`${choice.id}:${input.value}`));
      list.append(input, go);
    } else {
      const button = el("button", { type: "button", "data-choice": choice.id }, choice.label);
      button.addEventListener("click", () => send(choice.id));
      list.append(button);
    }
  }
  byId("choices").hidden = state.choices.length === 0;
}

/** The score as text (a table: what screen readers read) and as the picture the bot draws in Discord. */
export function drawScore(state: State, picture: string | null): void {
  byId("board-caption").textContent = state.board.caption;
  const board = byId("board");
  board.replaceChildren();
  const head = el("tr");
  // an empty corner is a plain cell (a header cell says what its column is)
  state.board.heads.forEach((h, i) => {
    const attrs: Record<string, string> = h ? { scope: "col" } : {};
    if (i) attrs.class = "num";
    head.append(el(h ? "th" : "td", attrs, h));
  });
  board.append(head);
  for (const cells of state.board.rows) {
    const row = el("tr");
    cells.forEach((c, i) => {
      const cell = el("td", i ? { class: "num" } : {});
      if (i) cell.textContent = c;
      else cell.append(nameNode(c));
      row.append(cell);
    });
    board.append(row);
  }
  const main = byId("table");
  for (const img of [byId<HTMLImageElement>("score"), byId<HTMLImageElement>("felt-score")]) {
    if (picture === null) {
      img.hidden = true;
      img.removeAttribute("src");
      delete img.dataset.src;
      delete main.dataset.scored;
    } else if (img.dataset.src !== picture) {
      img.dataset.src = picture;
      img.alt = state.board.caption;
      img.onload = () => {
        img.hidden = false;
        main.dataset.scored = "yes";
      };
      img.onerror = () => {
        img.hidden = true;
        delete main.dataset.scored;
      };
      img.src = picture;
    }
  }
}

/** Who of the Discord Activity's people sits where (shown only in the Activity). */
export function drawPeople(people: Person[], texts: Texts): void {
  const box = byId("people");
  if (people.length === 0) {
    box.hidden = true;
    return;
  }
  const list = el("ul", { class: "list" });
  for (const person of people) {
    const where = person.seat === null ? texts["activity.watches"] : texts["activity.sits"].replace("{n}", String(person.seat + 1));
    const item = el("li");
    item.append(el("bdi", { class: "name" }, person.name), ` · ${where}`);
    list.append(item);
  }
  box.replaceChildren(el("h2", {}, texts["activity.people"]), list);
  box.hidden = false;
}
