// The live table: draws what the websocket sends, sends a click as the id of a card or a choice.
// Names are set as text (never as HTML). It reconnects by itself; a click is sent once, never again.
const main = document.getElementById("table");
const texts = JSON.parse(main.dataset.texts);
const token = location.pathname.split("/")[2];
const lang = new URLSearchParams(location.search).get("lang") || "de";
let socket = null;
let state = null;
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
  const node = el(tag, { class: `card ${card.colour}`, "data-card": card.card });
  node.append(el("img", { src: `/static/suit-${card.suit}.png`, alt: "", width: "16", height: "16" }));
  node.append(document.createTextNode(" " + card.label));
  return node;
}

function send(id) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !state) return;
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
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  s.seats.forEach((seat, i) => {
    const row = el("tr", { class: (seat.turn ? "turn " : "") + (seat.you ? "you" : ""), "data-seat": String(i) });
    const head = el("th", { scope: "row" });
    head.append(nameNode(seat.name));
    row.append(head);
    const cell = el("td");
    if (seat.card) cell.append(cardNode(seat.card));
    row.append(cell);
    seats.append(row);
  });
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  for (const card of s.hand) {
    const button = cardNode(card, "button");
    button.type = "button";
    button.disabled = !card.legal;
    button.addEventListener("click", () => send("card:" + card.card));
    hand.append(button);
  }
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
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/table/${token}/ws?lang=${encodeURIComponent(lang)}`);
  socket.addEventListener("open", () => { wait = 250; main.dataset.connected = "yes"; });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type === "state") {
      document.getElementById("refusal").hidden = true;
      draw(frame.state);
    } else if (frame.type === "refused") {
      refuse(frame.text);
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

connect();
