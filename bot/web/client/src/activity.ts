// The live table as a Discord Activity. Inside Discord (the page runs through Discord's proxy, so every
// address here is relative), the Embedded App SDK asks the person to authorize the bot; the code goes to
// the bot's own web server, which exchanges it with Discord (the client secret never reaches the page),
// finds the channel's table and answers with the person's seat link. Outside Discord (?mock=1: the
// tests), the SDK's mock stands in for Discord's client.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

const body = document.body;
const status = document.getElementById("status") as HTMLElement;
const query = new URLSearchParams(location.search);
const clientId = body.dataset.clientId ?? "";
const failed = body.dataset.failed ?? "";

function say(text: string): void {
  status.textContent = text;
}

async function main(): Promise<void> {
  const mock = query.get("mock") === "1";
  const sdk = mock
    ? new DiscordSDKMock(clientId, query.get("guild_id"), query.get("channel_id"), null)
    : new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("/activity/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    // The instance, not the channel: the server asks Discord where the instance runs and who is in it.
    body: JSON.stringify({ code, instance_id: sdk.instanceId, lang: body.dataset.lang }),
  });
  const found = (await answer.json()) as { url?: string; text?: string };
  if (!answer.ok || !found.url) {
    say(found.text || failed);
    return;
  }
  location.replace(found.url);
}

main().catch(() => say(failed));
