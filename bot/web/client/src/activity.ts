// The live table as a Discord Activity. Inside Discord (the page runs through Discord's proxy, so every
// address here is relative), the Embedded App SDK asks the person to authorize the bot; the code goes to
// the bot's own web server, which exchanges it with Discord (the client secret never reaches the page),
// finds the channel's table and answers with the person's seat link, and which of the Activity's people
// sit where. Where the channel has no table, the page offers to open one there. Outside Discord
// (?mock=1: the tests), the SDK's mock stands in for Discord's client.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
import { PEOPLE_KEY, type Person } from "./table/people";

const body = document.body;
const status = document.getElementById("status") as HTMLElement;
const query = new URLSearchParams(location.search);
const clientId = body.dataset.clientId ?? "";
const failed = body.dataset.failed ?? "";
const lang = body.dataset.lang ?? "de";

interface Answer {
  url?: string;
  text?: string;
  seats?: Record<string, number>;
  offer?: unknown;
  open?: string;
}

function say(text: string): void {
  status.textContent = text;
}

type Sdk = DiscordSDK | DiscordSDKMock;

async function participants(sdk: Sdk, seats: Record<string, number>): Promise<Person[]> {
  // The Activity's people with their Discord names and pictures; where each sits, as the bot said.
  try {
    const { participants } = await sdk.commands.getInstanceConnectedParticipants();
    return participants.map((p) => ({
      id: p.id,
      name: p.global_name || p.username,
      avatar: p.avatar ?? null,
      seat: seats[p.id] ?? null,
    }));
  } catch {
    return [];
  }
}

async function go(sdk: Sdk, found: Answer): Promise<void> {
  const people = await participants(sdk, found.seats ?? {});
  sessionStorage.setItem(PEOPLE_KEY, JSON.stringify(people)); // the table's page shows them
  location.replace(found.url as string);
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; found: Answer }> {
  const answer = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: answer.ok, found: (await answer.json()) as Answer };
}

function offer(sdk: Sdk, found: Answer): void {
  // No table in this channel: the person may open one here (the bot posts it in the channel).
  say(found.text || failed);
  const button = document.createElement("button");
  button.type = "button";
  button.id = "open-table";
  button.textContent = found.open ?? "";
  button.addEventListener("click", async () => {
    button.disabled = true;
    const { ok, found: opened } = await post("/activity/open", { offer: found.offer, lang });
    if (ok && opened.url) await go(sdk, opened);
    else {
      say(opened.text || failed);
      button.disabled = false;
    }
  });
  status.after(button);
  button.focus();
}

async function main(): Promise<void> {
  const mock = query.get("mock") === "1";
  const sdk: Sdk = mock
    ? new DiscordSDKMock(clientId, query.get("guild_id"), query.get("channel_id"), null)
    : new DiscordSDK(clientId);
  if (sdk instanceof DiscordSDKMock) {
    // the tests name the instance (one Discord would give) and its people
    const instance = query.get("instance");
    if (instance) (sdk as { instanceId: string }).instanceId = instance;
    const people = JSON.parse(query.get("participants") ?? "[]");
    sdk._updateCommandMocks({ getInstanceConnectedParticipants: async () => ({ participants: people }) });
  }
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  // The instance, not the channel: the server asks Discord where the instance runs and who is in it.
  const { ok, found } = await post("/activity/token", { code, instance_id: sdk.instanceId, lang });
  if (ok && found.url) await go(sdk, found);
  else if (found.offer) offer(sdk, found);
  else say(found.text || failed);
}

main().catch(() => say(failed));
