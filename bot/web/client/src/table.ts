// The live table's page: draws what the websocket sends (the whole state on connect, then each change
// as a patch of it), sends a click as the id of a card or a choice. It reconnects by itself; a click is
// sent once, never again. The felt is a card table: you at the bottom, your partner across, the others
// left and right; the trick in the middle, each card in front of the one who played it; your hand
// fanned below, each card the bot's own picture (one sprite per deck, cached). Arrow keys move
// through the hand and the choices; Enter plays.
import type { Frame, State } from "./protocol";
import { announcements, click, marksFor, NO_MARKS, receive, scoreUrl, selection, type Marks } from "./table/state";
import { keptPeople, PEOPLE_KEY } from "./table/people";
import { byId, drawChoices, drawFelt, drawHand, drawMarks, drawPeople, drawScore, type Texts } from "./table/view";

const main = byId("table");
const texts: Texts = JSON.parse(main.dataset.texts ?? "{}");
const token = location.pathname.split("/")[2];
const lang = new URLSearchParams(location.search).get("lang") || "de";
let socket: WebSocket | null = null;
let state: State | null = null;
let marks: Marks = NO_MARKS;
let clicked: string | null = null; // the card or choice last sent: a refusal shakes it
let arrived = new Set<string>(); // the cards on the felt already drawn: a new one slides in
// Reconnect quickly: the first try at once, then every 250 ms up to once a second (a restarted bot is
// found within about a second of being back).
let wait = 250;
// In the Discord Activity: its people (names, pictures, seats), as its page found them.
const people = keptPeople(sessionStorage.getItem(PEOPLE_KEY));

function send(id: string): void {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  clicked = id;
  socket.send(click(state, id));
  document.body.classList.add("sent");
}

function draw(s: State): void {
  if (state === null && !performance.getEntriesByName("jass:first-table").length) {
    performance.mark("jass:first-table"); // the first table drawn (benchmarks/web_first_draw.py reads it)
  }
  // each card played and each trick taken, said in a live region (the status line says whose turn)
  const said = announcements(state, s, texts);
  if (said.length) byId("announce").textContent = said.join(" ");
  state = s;
  document.body.classList.remove("sent");
  byId("title").textContent = s.title;
  byId("status").textContent = s.status;
  const contract = byId("contract");
  contract.textContent = s.contract;
  contract.hidden = !s.contract;
  main.dataset.phase = s.phase;
  main.dataset.seq = String(s.seq);
  main.style.setProperty("--sprite", `url("${s.sprite}")`);
  // the end of a hand or of the game, on the table itself
  const banner = byId("banner");
  banner.textContent = s.phase === "hand_over" || s.phase === "game_over" ? s.status : "";
  banner.hidden = !banner.textContent;
  // the last trick can be looked at while the next is under way (the button shows it instead)
  const lastButton = byId("last-trick");
  lastButton.hidden = s.last.length === 0;
  if (lastButton.hidden) lastButton.setAttribute("aria-pressed", "false");
  const past = lastButton.getAttribute("aria-pressed") === "true";
  arrived = drawFelt(s, texts, past, arrived, people);
  drawHand(s, (card) => send(`card:${card.card}:${selection(marks, s, card.card)}`));
  marks = marksFor(marks, s);
  drawMarks(s, marks, texts);
  drawChoices(s, texts, send);
  byId("notes").replaceChildren(
    ...s.notes.map((n) => {
      const li = document.createElement("li");
      li.textContent = n;
      return li;
    }),
  );
  drawScore(s, scoreUrl(s, token, lang));
}

function refuse(text: string): void {
  const box = byId("refusal");
  box.textContent = text;
  box.hidden = false;
  document.body.classList.remove("sent");
  // the card (or choice) refused shakes once where it is
  const name = clicked && clicked.startsWith("card:") ? clicked.split(":")[1] : clicked;
  const node =
    name && document.querySelector(`#hand [data-card="${CSS.escape(name)}"], [data-choice="${CSS.escape(name)}"]`);
  if (node instanceof HTMLElement) {
    node.classList.remove("shake");
    void node.offsetWidth; // restart the animation
    node.classList.add("shake");
  }
}

function onFrame(frame: Frame): void {
  const outcome = receive(state, frame);
  if (outcome.kind === "state") {
    byId("refusal").hidden = true;
    if (state && outcome.state.seq !== state.seq) byId("hint").hidden = true;
    draw(outcome.state);
  } else if (outcome.kind === "refused") {
    refuse(outcome.text);
  } else if (outcome.kind === "hint") {
    const box = byId("hint");
    box.textContent = outcome.text;
    box.hidden = false;
    document.body.classList.remove("sent");
  } else {
    socket?.close(); // a change the page cannot place: the whole state comes on reconnecting
  }
}

function connect(): void {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/table/${token}/ws?lang=${encodeURIComponent(lang)}`);
  socket = ws;
  ws.addEventListener("open", () => {
    wait = 250;
    main.dataset.connected = "yes";
  });
  ws.addEventListener("message", (event) => onFrame(JSON.parse(event.data) as Frame));
  ws.addEventListener("close", () => {
    main.dataset.connected = "no";
    byId("status").textContent = texts["live.connecting"];
    state = null; // a click during the gap is not sent (and never sent later)
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 1000);
  });
}

function moveFocus(event: KeyboardEvent): void {
  // the hand and the choices are each one stop of the tab order; the arrow keys go from one to the next
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const box = (event.currentTarget as HTMLElement).id === "hand" ? "#hand button.card" : "#choice-list button";
  const items = [...document.querySelectorAll<HTMLButtonElement>(`${box}:not([disabled])`)];
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0 || items.length === 0) return;
  const next = items[(at + (event.key === "ArrowRight" ? 1 : items.length - 1)) % items.length];
  for (const item of items) item.tabIndex = item === next ? 0 : -1;
  next.focus();
  event.preventDefault();
}

byId("hand").addEventListener("keydown", moveFocus);
byId("choice-list").addEventListener("keydown", moveFocus);
byId("last-trick").addEventListener("click", (event) => {
  const button = event.currentTarget as HTMLElement;
  button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
  if (state) draw(state);
});
drawPeople(people, texts);
// The table as it was when the page was made, drawn at once (the socket brings the same state and
// every change after it; clicks wait for the socket).
if (main.dataset.first) onFrame(JSON.parse(main.dataset.first) as Frame);
connect();
