// The live table: draws what the websocket sends, sends a click as the id of a card or a choice.
// Names are set as text (never as HTML). It reconnects by itself; a click is sent once, never again.
// The felt is a card table: you at the bottom, your partner across, the others left and right; the
// trick in the middle, each card in front of the one who played it; your hand fanned below, each
// card the bot's own picture (one sprite per deck, cached). Arrow keys move through the hand.
const main = document.getElementById("table");
const texts = JSON.parse(main.dataset.texts);
const token = location.pathname.split("/")[2];
const lang = new URLSearchParams(location.search).get("lang") || "de";
let socket = null;
let state = null;
// Manual Weis and Stöck: what the player marks to declare with the card (all of it, until unmarked).
let marks = { key: "", weis: new Set(), stoeck: true };
let clicked = null; // the card or choice last sent: a refusal shakes it
let inTrick = new Set(); // the cards on the felt already drawn: a new one slides in from its player
// Reconnect quickly: the first try at once, then every 250 ms up to once a second (a restarted bot
// is found within about a second of being back).
let wait = 250;

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

function nameNode(name) {
  // A name stands apart from its neighbours (a right-to-left name or override stays inside it) and is cut
  // with an ellipsis where it is too long (the whole name in its title).
  return el("bdi", { class: "name", title: name }, name);
}

function cardNode(card, tag = "span") {
  // The card's picture is its cell of the deck's sprite (column: rank, row: suit); its name is for
  // screen readers and the tooltip (colour is never the only cue).
  const node = el(tag, { class: `card ${card.colour}`, "data-card": card.card, title: card.label });
  if (tag !== "button") node.setAttribute("role", "img");
  node.setAttribute("aria-label", card.label);
  node.append(el("span", { class: `face k${card.i % 9} s${Math.floor(card.i / 9)}`, "aria-hidden": "true" }));
  return node;
}

function seatNode(seat, index) {
  const box = el("div", { class: "seat" + (seat.turn ? " turn" : "") + (seat.you ? " you" : ""),
                          "data-seat": String(index), "data-at": String(seat.at) });
  box.append(nameNode(seat.name));
  const marks = [];
  if (seat.dealer) marks.push(texts["live.dealer"]);
  if (seat.forehand) marks.push(texts["live.forehand"]);
  if (seat.you) marks.push(texts["live.you"]);
  if (marks.length) box.append(el("span", { class: "marks" }, marks.join(" · ")));
  // Weis and Stöck announced where they were made (the points of each Weis, once shown).
  const said = seat.weis.map((points) => `${texts["live.weis"]} ${points}`);
  if (seat.stoeck) said.push(texts["live.stoeck_said"]);
  if (said.length) box.append(el("span", { class: "said" }, said.join(" · ")));
  if (seat.turn && state && state.timer) {
    // The turn timer runs down from when this turn was sent (a bar; its seconds for screen readers).
    const bar = el("span", { class: "timer", role: "img", "aria-label": `${Math.round(state.timer)} s` });
    bar.style.setProperty("--seconds", `${state.timer}s`);
    box.append(bar);
  }
  return box;
}

function moveFocus(event) {
  // The hand is one stop of the tab order; the arrow keys go from card to card (Enter plays).
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = [...document.querySelectorAll("#hand button.card:not([disabled])")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0 || cards.length === 0) return;
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  for (const c of cards) c.tabIndex = c === next ? 0 : -1;
  next.focus();
  event.preventDefault();
}

function selection(card) {
  // The Weis marked (a bit each, as the state offers them) and Stöck when this card completes them.
  let bits = 0;
  for (const bit of marks.weis) bits |= bit;
  if (state.stoeck && marks.stoeck && state.stoeck.cards.includes(card)) bits |= state.stoeck.bit;
  return bits;
}

function toggle(label, pressed, onChange) {
  const button = el("button", { type: "button", class: "mark", "aria-pressed": String(pressed) }, label);
  button.addEventListener("click", () => {
    const now = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(now));
    onChange(now);
  });
  return button;
}

function drawMarks(s) {
  // Weis to declare with the first card and Stöck to announce: toggles, all marked to begin with.
  const key = JSON.stringify([s.game, s.hand_no, s.weis.map((w) => w.label), s.stoeck ? s.stoeck.cards : []]);
  if (key !== marks.key) marks = { key, weis: new Set(s.weis.map((w) => w.bit)), stoeck: true };
  const box = document.getElementById("marks");
  box.replaceChildren();
  for (const w of s.weis) {
    box.append(toggle(w.label, marks.weis.has(w.bit), (on) => (on ? marks.weis.add(w.bit) : marks.weis.delete(w.bit))));
  }
  if (s.stoeck) box.append(toggle(texts["live.stoeck_mark"], marks.stoeck, (on) => { marks.stoeck = on; }));
  box.hidden = !box.childElementCount;
}

function send(id) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
  clicked = id;
  socket.send(JSON.stringify({ id, game: state.game, hand_no: state.hand_no }));
  document.body.classList.add("sent");
}

function draw(s) {
  state = s;
  document.body.classList.remove("sent");
  document.getElementById("title").textContent = s.title;
  document.getElementById("status").textContent = s.status;
  document.getElementById("contract").textContent = s.contract;
  main.dataset.phase = s.phase;
  main.dataset.seq = String(s.seq);
  main.style.setProperty("--sprite", `url("${s.sprite}")`);
  document.getElementById("contract").hidden = !s.contract;
  const seats = document.getElementById("seats");
  const trick = document.getElementById("trick");
  seats.replaceChildren(...s.seats.map(seatNode));
  trick.replaceChildren();
  // The end of a hand or of the game, on the table itself.
  const banner = document.getElementById("banner");
  banner.textContent = s.phase === "hand_over" || s.phase === "game_over" ? s.status : "";
  banner.hidden = !banner.textContent;
  // The last trick can be looked at while the next is under way (the button shows it instead).
  const lastButton = document.getElementById("last-trick");
  lastButton.hidden = s.last.length === 0;
  if (lastButton.hidden) lastButton.setAttribute("aria-pressed", "false");
  const past = lastButton.getAttribute("aria-pressed") === "true";
  trick.classList.toggle("past", past);
  const onFelt = past ? s.last.map((c) => ({ at: c.at, card: c })) : s.seats.filter((seat) => seat.card);
  const shown = new Set();
  onFelt.forEach((seat) => {
    const card = cardNode(seat.card);
    card.dataset.at = String(seat.at);
    if (!past && !inTrick.has(seat.card.card)) card.classList.add("arrives");
    shown.add(seat.card.card);
    trick.append(card);
  });
  if (!past) inTrick = shown;
  const hand = document.getElementById("hand");
  const focused = document.activeElement && document.activeElement.closest("#hand") ? true : false;
  hand.replaceChildren();
  let first = true;
  for (const card of s.hand) {
    const button = cardNode(card, "button");
    button.type = "button";
    button.disabled = !card.legal;
    button.tabIndex = card.legal && first ? 0 : -1;
    if (card.legal) first = false;
    button.addEventListener("click", () => send(`card:${card.card}:${selection(card.card)}`));
    hand.append(button);
  }
  if (focused) {
    const next = hand.querySelector("button.card:not([disabled])");
    if (next) next.focus();
  }
  drawMarks(s);
  const list = document.getElementById("choice-list");
  list.replaceChildren();
  for (const choice of s.choices) {
    if (choice.low !== null && choice.high !== null) {
      const input = el("input", { type: "number", min: String(choice.low), max: String(choice.high), id: "number",
                                  "aria-label": choice.label, value: "0" });
      const go = el("button", { type: "button", "data-choice": choice.id }, texts["live.send"]);
      go.addEventListener("click", () => send(`${choice.id}:${input.value}`));
      list.append(input, go);
    } else {
      const button = el("button", { type: "button", "data-choice": choice.id }, choice.label);
      button.addEventListener("click", () => send(choice.id));
      list.append(button);
    }
  }
  document.getElementById("choices").hidden = s.choices.length === 0;
  const notes = document.getElementById("notes");
  notes.replaceChildren(...s.notes.map((n) => el("li", {}, n)));
  document.getElementById("board-caption").textContent = s.board.caption;
  const board = document.getElementById("board");
  board.replaceChildren();
  const head = el("tr");
  // An empty corner is a plain cell (a header cell says what its column is).
  s.board.heads.forEach((h, i) => {
    const attrs = h ? { scope: "col" } : {};
    if (i) attrs.class = "num";
    head.append(el(h ? "th" : "td", attrs, h));
  });
  board.append(head);
  for (const cells of s.board.rows) {
    const row = el("tr");
    cells.forEach((c, i) => {
      const cell = el("td", i ? { class: "num" } : {});
      if (i) cell.textContent = c;
      else cell.append(nameNode(c));
      row.append(cell);
    });
    board.append(row);
  }
}

function refuse(text) {
  const box = document.getElementById("refusal");
  box.textContent = text;
  box.hidden = false;
  document.body.classList.remove("sent");
  // The card (or choice) refused shakes once where it is.
  const name = clicked && clicked.startsWith("card:") ? clicked.split(":")[1] : clicked;
  const node = name && document.querySelector(`#hand [data-card="${CSS.escape(name)}"], [data-choice="${CSS.escape(name)}"]`);
  if (node) {
    node.classList.remove("shake");
    void node.offsetWidth; // restart the animation
    node.classList.add("shake");
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/table/${token}/ws?lang=${encodeURIComponent(lang)}`);
  socket.addEventListener("open", () => { wait = 250; main.dataset.connected = "yes"; });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "state") {
      document.getElementById("refusal").hidden = true;
      if (state && frame.state.seq !== state.seq) document.getElementById("hint").hidden = true;
      draw(frame.state);
    } else if (frame.type === "refused") {
      refuse(frame.text);
    } else if (frame.type === "hint") {
      const box = document.getElementById("hint");
      box.textContent = frame.text;
      box.hidden = false;
      document.body.classList.remove("sent");
    }
  });
  socket.addEventListener("close", () => {
    main.dataset.connected = "no";
    document.getElementById("status").textContent = texts["live.connecting"];
    state = null; // a click during the gap is not sent (and never sent later)
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 1000);
  });
}

document.getElementById("hand").addEventListener("keydown", moveFocus);
document.getElementById("last-trick").addEventListener("click", (event) => {
  const button = event.currentTarget;
  button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
  if (state) draw(state);
});
connect();
