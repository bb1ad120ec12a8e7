/**
 * A sample HârnMaster 3 fight for `npm start` and `cli demo`: a knight in mail and plate with
 * broadsword and kite shield against a brigand with handaxe and round shield, exchange after
 * exchange until one is dead or in shock. Weapon figures are those of the HM3 melee weapons CSV
 * (`reference/hm3-melee-weapons.json`, from `../shared/data/hm3/melee-weapons.csv`).
 */
import { SeededDice } from "../core/dice";
import {
  armourFromLayers,
  endurance,
  meleeEml,
  resolveExchange,
  DEFAULT_OPTIONS,
  type ArmourLayer,
  type Hm3Result,
  type Hm3Strike,
} from "../rules/hm3";

interface Weapon {
  name: string;
  ml: number;
  attack: number;
  defence: number;
  wq: number;
  aspect: "blunt" | "edge" | "point";
  impact: number;
}

interface DemoFighter {
  name: string;
  str: number;
  sta: number;
  wil: number;
  dex: number;
  agl: number;
  weapon: Weapon;
  shield: Weapon;
  layers: ArmourLayer[];
  injuries: string[];
  levels: number;
  out: string | null;
  /** Dropped its weapon: spends its next attack picking it up. */
  dropped: boolean;
}

/** Drawn when the main weapon breaks (Dagger row of melee-weapons.csv). */
const DAGGER: Weapon = {
  name: "Dagger",
  ml: 50,
  attack: 5,
  defence: 5,
  wq: 11,
  aspect: "point",
  impact: 5,
};

const ARMS = ["shoulder", "upper-arm", "elbow", "forearm"];
const BODY = ["thorax", "abdomen", "hip", "groin"];

function knight(): DemoFighter {
  return {
    name: "Sir Aldric (knight)",
    str: 14,
    sta: 13,
    wil: 13,
    dex: 13,
    agl: 12,
    weapon: {
      name: "Broadsword",
      ml: 70,
      attack: 15,
      defence: 10,
      wq: 12,
      aspect: "edge",
      impact: 5,
    },
    shield: {
      name: "Knight Shield",
      ml: 60,
      attack: 5,
      defence: 20,
      wq: 13,
      aspect: "blunt",
      impact: 2,
    },
    layers: [
      { material: "quilt", quality: 0, locations: [...ARMS, ...BODY, "thigh"] },
      { material: "mail", quality: 0, locations: [...ARMS, ...BODY, "thigh"] },
      { material: "mail", quality: 0, locations: ["skull", "neck", "knee", "calf", "foot"] },
      { material: "plate", quality: 0, locations: ["skull"] },
      { material: "leather", quality: 0, locations: ["calf", "foot"] },
    ],
    injuries: [],
    levels: 0,
    out: null,
    dropped: false,
  };
}

function brigand(): DemoFighter {
  return {
    name: "Hodric (brigand)",
    str: 13,
    sta: 12,
    wil: 11,
    dex: 12,
    agl: 13,
    weapon: { name: "Handaxe", ml: 60, attack: 10, defence: 5, wq: 11, aspect: "edge", impact: 6 },
    shield: {
      name: "Round Shield",
      ml: 55,
      attack: 5,
      defence: 20,
      wq: 13,
      aspect: "blunt",
      impact: 2,
    },
    layers: [
      { material: "leather", quality: 0, locations: ["upper-arm", "shoulder", ...BODY] },
      { material: "leather", quality: 0, locations: ["skull"] },
      {
        material: "cloth",
        quality: 0,
        locations: ["hip", "groin", "thigh", "knee", "calf", "foot"],
      },
    ],
    injuries: [],
    levels: 0,
    out: null,
    dropped: false,
  };
}

function strikeText(s: Hm3Strike, victim: string): string {
  const where = s.face ? `${s.location} (${s.face})` : s.location;
  let t =
    `    ${s.by === "attacker" ? "Strike" : "Counterstrike"} ${s.dice}d6 to ${victim}'s ${where}: ` +
    `impact ${s.weaponImpact}+[${s.impactRolls.join(",")}] = ${s.impact} ${s.aspect}, armour ${s.armour}, ` +
    `effective ${s.effectiveImpact} → ${s.injury ?? "no injury"}`;
  if (s.kill) t += ", KILLED";
  if (s.shock)
    t += `; shock ${s.shock.dice}d6 = ${s.shock.total} vs END ${s.shock.target}${s.shock.failed ? " → SHOCK" : ""}`;
  if (s.fumble)
    t += `; fumble 3d6 = ${s.fumble.total} vs ${s.fumble.target}${s.fumble.failed ? " → drops weapon" : ""}`;
  if (s.stumble)
    t += `; stumble 3d6 = ${s.stumble.total} vs ${s.stumble.target}${s.stumble.failed ? " → falls" : ""}`;
  if (s.amputationRoll) t += "; amputation roll called for";
  return t;
}

/**
 * One weapon damage roll as text (ruling R31): a roll above WQ damages the item, which loses
 * 1 WQ and breaks only when that leaves WQ 0.
 */
export function weaponDamageLine(item: string, total: number, wq: number, failed: boolean): string {
  const outcome = !failed
    ? "holds"
    : wq <= 1
      ? `damaged, WQ ${wq} → 0: BREAKS`
      : `damaged, WQ ${wq} → ${wq - 1}`;
  return `    Weapon damage: ${item} 3d6 = ${total} vs WQ ${wq} → ${outcome}`;
}

function apply(r: Hm3Result, atk: DemoFighter, def: DemoFighter, lines: string[]): void {
  const sideOf = (side: "attacker" | "defender") => (side === "attacker" ? atk : def);
  // Ruling R31: a failed weapon damage roll (`broken`: the roll failed) costs the item 1 WQ;
  // the item breaks only when that leaves WQ 0.
  for (const w of r.weaponDamage) {
    if (!w.broken) continue;
    const f = sideOf(w.side);
    const item = w.side === "attacker" ? f.weapon : f.shield;
    item.wq = Math.max(0, item.wq - 1);
    if (item.wq > 0) continue;
    if (item === f.weapon) {
      // The weapon broke (in attack, or blocking after the shield was lost).
      lines.push(`    ${f.name} draws a ${DAGGER.name}.`);
      const blockedWithIt = f.shield === f.weapon;
      f.weapon = { ...DAGGER };
      if (blockedWithIt) f.shield = f.weapon;
    } else {
      lines.push(`    ${f.name} fights on without a shield (blocks with the ${f.weapon.name}).`);
      // The same item: a failed roll while blocking with it costs the weapon its WQ.
      f.shield = f.weapon;
    }
  }
  for (const fx of r.effects)
    if (fx.type === "condition" && fx.condition === "disarmed") sideOf(fx.to).dropped = true;
  for (const s of r.strikes) {
    const victim = s.by === "attacker" ? def : atk;
    if (s.injury) {
      victim.injuries.push(`${s.injury} ${s.location}`);
      victim.levels += s.injuryLevel;
    }
    if (s.kill) victim.out = "dead";
    else if (s.shock?.failed) victim.out = "in shock";
  }
}

/**
 * The fight with the dice of `seed`, at most `maxExchanges` exchanges. `wq` (for tests) starts
 * every weapon and shield at that WQ instead of its own.
 */
export function runDemo(seed: number, maxExchanges = 30, wq?: number): string {
  const dice = new SeededDice(seed);
  const a = knight();
  const b = brigand();
  if (wq !== undefined) for (const f of [a, b]) f.weapon.wq = f.shield.wq = wq;
  const lines: string[] = [
    `Sample HârnMaster 3 fight (seed ${seed}): ${a.name} vs ${b.name}`,
    `  ${a.name}: ${a.weapon.name} AML ${a.weapon.ml + a.weapon.attack}, ${a.shield.name} DML ${a.shield.ml + a.shield.defence}, END ${endurance(a.str, a.sta, a.wil)}, mail hauberk over gambeson, plate halfhelm`,
    `  ${b.name}: ${b.weapon.name} AML ${b.weapon.ml + b.weapon.attack}, ${b.shield.name} DML ${b.shield.ml + b.shield.defence}, END ${endurance(b.str, b.sta, b.wil)}, leather tunic and cap`,
    "",
  ];
  for (let n = 1; n <= maxExchanges && !a.out && !b.out; n++) {
    const [atk, def] = n % 2 === 1 ? [a, b] : [b, a];
    if (atk.dropped) {
      lines.push(`Exchange ${n}: ${atk.name} picks up the dropped weapon.`);
      atk.dropped = false;
      continue;
    }
    // Injuries are this demo's only penalty: UP = PP = injury levels (no fatigue, no encumbrance).
    const attackEml = meleeEml({
      base: atk.weapon.ml + atk.weapon.attack,
      baseKey: "aml",
      physicalPenalty: atk.levels,
      aim: "mid",
    });
    const blockEml = meleeEml({
      base: def.shield.ml + def.shield.defence,
      baseKey: "dml",
      physicalPenalty: def.levels,
    });
    const fighter = (f: DemoFighter) => ({
      endurance: endurance(f.str, f.sta, f.wil),
      up: f.levels,
      pp: f.levels,
      dex: f.dex,
      agl: f.agl,
      armour: armourFromLayers(f.layers),
    });
    const r = resolveExchange(
      {
        attack: {
          type: "melee",
          target: attackEml,
          aspect: atk.weapon.aspect,
          aim: "mid",
          impact: atk.weapon.impact,
          wq: atk.weapon.wq,
        },
        attacker: fighter(atk),
        defender: fighter(def),
        options: DEFAULT_OPTIONS,
      },
      { type: "block", target: blockEml, wq: def.shield.wq },
      { roll: (name, count, sides) => dice.roll(`${n}.${name}`, count, sides) },
    );
    lines.push(
      `Exchange ${n}: ${atk.name} attacks with ${atk.weapon.name} (EML ${r.attack.target}, rolls ${r.attack.roll}: ${r.attack.level}); ` +
        `${def.name} blocks with the ${def.shield.name} (EML ${r.defence!.target}, rolls ${r.defence!.roll}: ${r.defence!.level}) → ${r.result}`,
    );
    for (const s of r.strikes) lines.push(strikeText(s, s.by === "attacker" ? def.name : atk.name));
    for (const w of r.weaponDamage) {
      const name = w.side === "attacker" ? atk.weapon.name : def.shield.name;
      lines.push(weaponDamageLine(name, w.check.total, w.wq, w.broken));
    }
    for (const f of r.fumbles)
      lines.push(
        `    Fumble roll (${f.side}) 3d6 = ${f.check.total} vs ${f.check.target}${f.check.failed ? " → drops weapon" : ""}`,
      );
    for (const f of r.stumbles)
      lines.push(
        `    Stumble roll (${f.side}) 3d6 = ${f.check.total} vs ${f.check.target}${f.check.failed ? " → falls" : ""}`,
      );
    if (r.tacticalAdvantage) lines.push(`    Tactical advantage to ${def.name}`);
    apply(r, atk, def, lines);
  }
  lines.push("");
  for (const f of [a, b]) {
    lines.push(
      `${f.name}: ${f.out ?? "still fighting"}${f.injuries.length ? `; injuries: ${f.injuries.join(", ")}` : "; unhurt"}`,
    );
  }
  return lines.join("\n") + "\n";
}
