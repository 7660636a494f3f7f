// The Discord Activity's people, as the Activity's page found them (their names and pictures from
// Discord's client, where each sits from the bot), kept for the table's page in the session.
export const PEOPLE_KEY = "jass.activity.people";

export interface Person {
  id: string;
  name: string;
  avatar: string | null;
  seat: number | null;
}

/** The people kept by the Activity's page (none outside the Activity, or when what is kept is odd). */
export function keptPeople(raw: string | null): Person[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (p): p is Person =>
        typeof p === "object" && p !== null && typeof p.id === "string" && /^[0-9]{1,20}$/.test(p.id) &&
        typeof p.name === "string" && (p.avatar === null || (typeof p.avatar === "string" && /^[a-z0-9_]{1,64}$/.test(p.avatar))) &&
        (p.seat === null || (Number.isInteger(p.seat) && p.seat >= 0 && p.seat < 4)),
    );  // prettier-ignore
  } catch {
    return [];
  }
}

/** A person's Discord picture through the Activity's URL mapping (``/discord-cdn`` -> cdn.discordapp.com). */
export function avatarUrl(person: Person): string | null {
  return person.avatar ? `/discord-cdn/avatars/${person.id}/${person.avatar}.png?size=64` : null;
}
