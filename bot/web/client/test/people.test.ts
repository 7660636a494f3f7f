// The Activity's people kept for the table's page: only well-formed entries are drawn.
import assert from "node:assert/strict";
import { test } from "node:test";
import { avatarUrl, keptPeople } from "../src/table/people";

test("the people the Activity's page kept, and nothing odd", () => {
  const anna = { id: "500", name: "Anna", avatar: "a1b2c3", seat: 0 };
  const bea = { id: "501", name: "Bea", avatar: null, seat: null };
  assert.deepEqual(keptPeople(JSON.stringify([anna, bea])), [anna, bea]);
  assert.deepEqual(keptPeople(null), []);
  assert.deepEqual(keptPeople("{not json"), []);
  assert.deepEqual(keptPeople(JSON.stringify({ id: "1" })), []);
  const odd = [
    { ...anna, id: "../../x" }, // an id that is no snowflake
    { ...anna, avatar: "a/../../b" }, // a picture name that leaves its folder
    { ...anna, seat: 4 },
    { ...anna, seat: "0" },
    { ...anna, name: 7 },
  ];
  assert.deepEqual(keptPeople(JSON.stringify([...odd, bea])), [bea]);
});

test("a picture through the Activity's URL mapping, none without one", () => {
  assert.equal(avatarUrl({ id: "500", name: "Anna", avatar: "a1b2c3", seat: 0 }), "/discord-cdn/avatars/500/a1b2c3.png?size=64");
  assert.equal(avatarUrl({ id: "501", name: "Bea", avatar: null, seat: null }), null);
});
