/**
 * Hotbar attack macros (src/foundry/combat/macro.ts) against the stand-ins: a weapon or
 * missile weapon of an actor dropped on the hotbar makes a script macro named after it (one
 * with the same command reused) in that slot and stops core's default; other drops are left
 * to core; the command is a JSON string literal whatever the uuid holds; running the macro
 * attacks with the item from its actor's token (`attack`, actions.ts, recorded).
 */
import {
  addUser,
  asUser,
  createScene,
  dropOnHotbar,
  makeActor,
  makeItem,
  placeToken,
  resetStandIns,
  setRolePermission,
  settle,
  standIns,
  type StandInActor,
} from "../stand-ins";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerDataModels } from "../../../src/foundry/data";
import {
  assignAttackMacro,
  attackerToken,
  attackMacroCommand,
  attackWithItem,
  isAttackItem,
  onHotbarDrop,
  registerHotbarDrop,
  type MacroItem,
} from "../../../src/foundry/combat/macro";
import { KNIGHT_ITEMS, KNIGHT_SYSTEM } from "../actor-sheet-fixtures";

type Obj = Record<string, unknown>;

const attacks = vi.hoisted(() => [] as Obj[]);
vi.mock("../../../src/foundry/combat/actions", () => ({
  attack: async (args: Obj) => {
    attacks.push(args);
    return null;
  },
}));

interface MacroDoc {
  id: string;
  name: string;
  type: string;
  img: string;
  command: string;
  flags: Obj;
  execute(scope?: Obj): Promise<unknown>;
}

const macros = () => [...(standIns.game.macros as unknown as Iterable<MacroDoc>)];
const hotbar = () => (standIns.game.user as unknown as { hotbar: Record<string, string> }).hotbar;

function knight(): StandInActor {
  const actor = makeActor({
    _id: "actorKnight00001",
    name: "Sir Aldric",
    type: "character",
    system: structuredClone(KNIGHT_SYSTEM) as unknown as Obj,
    items: KNIGHT_ITEMS.map((i) => ({
      _id: i.id,
      name: i.id === "wpSword000000001" ? 'Broadsword <b>"x"</b>' : i.name,
      type: i.type,
      system: structuredClone(i.system) as unknown as Obj,
    })),
  });
  // The stand-in Item has no `img` field (v13's does): set the sword's as a plain property.
  Object.assign(actor.items.get("wpSword000000001")!, { img: "icons/weapons/sword.webp" });
  standIns.game.actors.set(actor.id!, actor as never);
  return actor;
}

const SWORD_UUID = "Actor.actorKnight00001.Item.wpSword000000001";

/** Lets the macro's creation (started by the hook, not awaited by core) finish. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  await settle();
}

beforeEach(() => {
  resetStandIns();
  registerDataModels();
  attacks.length = 0;
  (standIns.game as unknown as Obj).blowByBlow = { attackWithItem };
});

describe("the macro command", () => {
  it("calls game.blowByBlow.attackWithItem with the uuid as a JSON string", () => {
    expect(attackMacroCommand(SWORD_UUID)).toBe(
      `await game.blowByBlow.attackWithItem("${SWORD_UUID}");`,
    );
  });

  it("is safe for any uuid: quotes, backslashes, newlines, script tags stay inside the string", async () => {
    const nasty = 'Actor.a");alert(1);("\\\n</script>\u2028';
    const command = attackMacroCommand(nasty);
    const seen: unknown[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (game: unknown) => Promise<unknown>;
    const game = { blowByBlow: { attackWithItem: (uuid: unknown) => seen.push(uuid) } };
    await new AsyncFunction("game", command)(game);
    expect(seen).toEqual([nasty]);
  });
});

describe("dropping an item on the hotbar", () => {
  it("makes a script macro named after a weapon, puts it in the slot, stops core", async () => {
    knight();
    registerHotbarDrop();
    expect(await dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 3)).toBe(false);
    await flush();
    expect(macros()).toHaveLength(1);
    const macro = macros()[0]!;
    expect(macro).toMatchObject({
      name: 'Broadsword <b>"x"</b>',
      type: "script",
      img: "icons/weapons/sword.webp",
      command: attackMacroCommand(SWORD_UUID),
    });
    expect((macro.flags as Obj)["blow-by-blow"]).toEqual({ attackItem: SWORD_UUID });
    expect(hotbar()["3"]).toBe(macro.id);
  });

  it("reuses the user's macro with the same command in another slot", async () => {
    knight();
    registerHotbarDrop();
    await dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 1);
    await flush();
    await dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 2);
    await flush();
    expect(macros()).toHaveLength(1);
    expect(hotbar()).toEqual({ "1": macros()[0]!.id, "2": macros()[0]!.id });
  });

  it("a missile weapon too; a skill, an unowned item, a macro or junk are left to core", async () => {
    knight();
    registerHotbarDrop();
    await dropOnHotbar({ type: "Item", uuid: "Actor.actorKnight00001.Item.msLongbow0000001" }, 4);
    await flush();
    expect(macros().map((m) => m.name)).toEqual(["Longbow"]);
    expect(
      await dropOnHotbar({ type: "Item", uuid: "Actor.actorKnight00001.Item.skSword000000001" }, 5),
    ).toBe(true);
    expect(await dropOnHotbar({ type: "Item", uuid: "Item.nowhere000000001" }, 5)).toBe(true);
    expect(await dropOnHotbar({ type: "Item", uuid: "Actor.nobody.Item.x" }, 5)).toBe(true);
    expect(await dropOnHotbar({ type: "Item" }, 5)).toBe(true);
    expect(onHotbarDrop(null, null, 5)).toBeUndefined();
    await flush();
    expect(macros()).toHaveLength(1);
  });

  it("isAttackItem: a weapon or missile carried by an actor", () => {
    const actor = { uuid: "Actor.a", name: "A", documentName: "Actor" };
    const item = (type: string, parent: unknown): MacroItem =>
      ({
        id: "i",
        uuid: "Actor.a.Item.i",
        name: "x",
        type,
        documentName: "Item",
        parent,
      }) as MacroItem;
    expect(isAttackItem(item("weapon", actor))).toBe(true);
    expect(isAttackItem(item("missile", actor))).toBe(true);
    expect(isAttackItem(item("armour", actor))).toBe(false);
    expect(isAttackItem(item("weapon", null))).toBe(false);
    expect(isAttackItem(item("weapon", { documentName: "Item" }))).toBe(false);
    expect(isAttackItem(null)).toBe(false);
  });

  it("a user whose role may not use script macros (MACRO_SCRIPT) is told so; nothing is made, the item's name escaped", async () => {
    knight();
    registerHotbarDrop();
    // The world took "Use Script Macros" from players (v13 permission MACRO_SCRIPT).
    const alice = addUser({ name: "Alice" });
    setRolePermission("MACRO_SCRIPT", []);
    expect(await asUser(alice, () => dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 1))).toBe(
      false,
    );
    await flush();
    expect(macros()).toEqual([]);
    expect(alice.hotbar).toEqual({});
    expect(standIns.notifications.messages.map((m) => [m.type, m.message])).toEqual([
      [
        "warning",
        // A notification is HTML: the item's name (user text) goes in escaped.
        standIns.game.i18n.format("BLOWBYBLOW.Dialog.Macro.noScriptPermission", {
          name: "Broadsword &lt;b&gt;&quot;x&quot;&lt;/b&gt;",
        }),
      ],
    ]);
  });

  it("a macro whose creation fails for another reason is reported, the item's name escaped (review m5)", async () => {
    knight();
    registerHotbarDrop();
    const create = vi
      .spyOn(Macro.implementation as unknown as { create(d: unknown): Promise<unknown> }, "create")
      .mockRejectedValue(new Error("The server is gone"));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 1)).toBe(false);
      await flush();
      expect(macros()).toEqual([]);
      expect(standIns.notifications.messages.map((m) => m.message)).toEqual([
        "The attack macro for Broadsword &lt;b&gt;&quot;x&quot;&lt;/b&gt; could not be made; the console has the details.",
      ]);
    } finally {
      create.mockRestore();
      error.mockRestore();
    }
  });

  it("assignAttackMacro creates nothing when creation fails", async () => {
    const assign = vi.fn();
    const made = await assignAttackMacro(
      { id: "i", uuid: "Actor.a.Item.i", name: "Sword", type: "weapon" },
      1,
      { macros: undefined, create: async () => undefined, assign },
    );
    expect(made).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("running the macro", () => {
  it("attacks with the item from the actor's only token on the scene", async () => {
    const actor = knight();
    createScene({ id: "scene00000000001" });
    const token = placeToken(actor as never, { at: [0, 0] }) as unknown as {
      document: { uuid: string };
    };
    registerHotbarDrop();
    await dropOnHotbar({ type: "Item", uuid: SWORD_UUID }, 1);
    await flush();
    await macros()[0]!.execute();
    expect(attacks).toEqual([
      { actorUuid: actor.uuid, tokenUuid: token.document.uuid, itemId: "wpSword000000001" },
    ]);
  });

  it("without a token on the scene, names the actor only", async () => {
    const actor = knight();
    await attackWithItem(SWORD_UUID);
    expect(attacks).toEqual([
      { actorUuid: actor.uuid, tokenUuid: null, itemId: "wpSword000000001" },
    ]);
  });

  it("an item gone since the macro was made is reported, nothing attacks", async () => {
    knight();
    await attackWithItem("Actor.actorKnight00001.Item.wpGone0000000001");
    await attackWithItem("not a uuid at all");
    expect(attacks).toEqual([]);
    expect(standIns.notifications.messages.map((m) => m.message)).toEqual([
      "The weapon of this macro no longer exists.",
      "The weapon of this macro no longer exists.",
    ]);
  });

  it("a weapon no actor carries is reported with its name escaped (issue 15)", async () => {
    const evil = "<img src=x onerror=alert(1)>";
    const item = makeItem({ _id: "wpWorld000000001", name: evil, type: "weapon", system: {} });
    standIns.game.items.set(item.id!, item as never);
    await attackWithItem(item.uuid);
    expect(attacks).toEqual([]);
    const messages = standIns.notifications.messages.map((m) => m.message);
    expect(messages).toEqual(["&lt;img src=x onerror=alert(1)&gt; is not carried by an actor."]);
  });

  it("attackerToken: a synthetic actor's own token, else the controlled one, else the only one", () => {
    const linked = {
      uuid: "Actor.a",
      name: "A",
      getActiveTokens: () => [{ uuid: "T1" }, { uuid: "T2" }],
    };
    expect(attackerToken({ ...linked, token: { uuid: "Scene.s.Token.t" } }, [])).toBe(
      "Scene.s.Token.t",
    );
    expect(
      attackerToken(linked, [
        { actor: { uuid: "Actor.b" }, document: { uuid: "TB" } },
        { actor: { uuid: "Actor.a" }, document: { uuid: "T2" } },
      ]),
    ).toBe("T2");
    expect(attackerToken(linked, [])).toBeNull();
    expect(attackerToken({ ...linked, getActiveTokens: () => [{ uuid: "T1" }] }, [])).toBe("T1");
    expect(attackerToken({ uuid: "Actor.a", name: "A" }, [])).toBeNull();
  });
});
