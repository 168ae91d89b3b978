/**
 * The American spelling of a British-spelled word, which the Porter stemmer leaves apart from it:
 * it stems "colour" to `colour` and "color" to `color`, "organise" to `organis` and "organize" to
 * `organ`, "centre" to `centr` and "center" to `center`. Folding before stemming lets a question
 * spelled one way find a page spelled the other way as an exact match, not as a typo worth less
 * (`expansion_rules.ts`), and keeps a page that shares only the question's spelling from ranking
 * on it. The regular variants are folded, each with the words that look like it but are not one:
 *
 * - `-our` → `-or` (colour, behaviour, favourite, honourable, neighbourhood): not "hour", "four",
 *   "your", "pour", "tour", "sour" (under two letters before `our`), "flour", "scour", "detour",
 *   "devour", "contour", "amour", "velour", "troubadour", "tambour"; "journal", "course",
 *   "source", "Fourier" and "flourish" never match (no variant ending follows `our`).
 * - `-ise` → `-ize` and its forms (organised, initialising, serialisation, optimiser,
 *   recognisable): only after a consonant with two letters or more before it (not "raise",
 *   "noise", "cruise", "rise", "arise", "crises", "disable"), and not the words that are spelled
 *   `-ise` in America too (`NOT_IZE`: "-wise", "precise", "exercise", "promise", "advertise",
 *   "advise", "revise", "supervise", "surprise", "enterprise", "franchise", "expertise" …) nor
 *   their forms ("improvisation", "advertiser", "exercised").
 * - `-yse` → `-yze` (analyse, paralysed, catalysing, analyser); "analyses" is the plural of
 *   "analysis" first (`irregular_forms.ts`).
 * - `-tre`/`-bre` → `-ter`/`-ber` (centre, metres, litre, theatre, fibre, calibre; centred,
 *   lustred, centring, mitring): not "timbre" (a "timber" is wood), "macabre", "hatred", nor
 *   French words that would become English ones ("entre", "lettre", "notre"); "genre", "acre",
 *   "ogre", "cadre" never match, nor "-bred" ("inbred"), "brightred", "string" or "substring"
 *   (`-tred` folds after `n`, `s`, `p` or `i` only, `-tring` after `n` or `i`).
 * - `-logue` → `-log` (catalogue, catalogued, cataloguing, dialogue, analogue): not "prologue"
 *   (Prolog is a language); "rogue", "vogue" and "-gogue" never match.
 * - a doubled `l` after an unstressed `a` or `e` (dialled, fuelled, trialling, counsellor,
 *   medallist): only when a vowel comes before that syllable, so "spelling", "called", "telling",
 *   "yelled", "quelled" (whose `u` follows `q`), "filled", "pulled" and "controlled" stay, and
 *   so do the compounds of `-all` words that America doubles too ("recalled", "uninstalled",
 *   "firewalled"). Porter already joins most ("travelled" and "traveled" both stem to `travel`);
 *   the fold adds the short words it does not ("dialled" is `diall`, "dialed" `dial`) and `-or`.
 *
 * Rules apply in that order, each to what the one before gave ("colourised" → "colorized").
 * American spellings and every other word are left alone: `undefined`. Checked against Debian's
 * American and British word lists (`wamerican`, `wbritish`): every family of words Porter joined
 * stays joined but three rare ones ("calibre" leaves "calibrate"; "sombrely", "coloureds").
 *
 * Measured on `deno task eval` (2026-11-27): no question of the main or the long-page set changes
 * rank; of 14 questions spelled the British way whose pages are spelled the American way
 * (`tests/eval/spelling/`), two move, both on tldr ("analyse how long the system took to boot"
 * 2nd → 1st, "disk usage analyser with a terminal interface" 4th → 3rd). The others were found
 * already: a query word in fewer than three pages is expanded to the words one edit away.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { americanSpelling } from "./american_spelling.ts";
 * assert.equal(americanSpelling("behaviour"), "behavior");
 * assert.equal(americanSpelling("initialised"), "initialized");
 * assert.equal(americanSpelling("centres"), "centers");
 * assert.equal(americanSpelling("catalogued"), "cataloged");
 * assert.equal(americanSpelling("dialled"), "dialed");
 * assert.equal(americanSpelling("hour"), undefined);
 * assert.equal(americanSpelling("otherwise"), undefined);
 * assert.equal(americanSpelling("color"), undefined);
 * ```
 *
 * @module
 */

/** Words spelled `-ise` in American English too; a word ending in one of them is no variant. */
const NOT_IZE = [
  "wise", // otherwise, likewise, clockwise, bitwise, pairwise
  "precise",
  "concise",
  "exercise",
  "excise",
  "incise",
  "circumcise",
  "paradise",
  "merchandise",
  "premise",
  "promise", // compromise
  "demise",
  "surmise",
  "chemise",
  "remise",
  "advertise",
  "expertise",
  "treatise",
  "chastise",
  "advise",
  "devise",
  "revise",
  "supervise",
  "improvise",
  "televise",
  "despise",
  "franchise", // enfranchise
  "prise", // comprise, enterprise, surprise, apprise, reprise, uprise
  "sunrise",
  "moonrise",
  "highrise",
  "valise",
  "practise", // the American "practice", not "practize"
];

/** Words with a British-looking ending that are not a British spelling of another word. */
const NOT_VARIANTS = new Set([
  // -our
  "flour",
  "scour",
  "detour",
  "devour",
  "contour",
  "amour",
  "paramour",
  "velour",
  "troubadour",
  "tambour",
  "bonjour", // French
  // -ise, exactly: "amortise" and "mercerise" are variants
  "mortise",
  "cerise",
  // -tre, -bre: "timber" is wood; French words that would become English ones
  "timbre",
  "macabre",
  "hatred",
  "entre",
  "lettre",
  "membre",
  "notre",
  "votre",
  // -logue: Prolog is a language
  "prologue",
]);

const notVariant = (base: string) => NOT_VARIANTS.has(base);

/**
 * Words in `-all` whose double `l` is American too, and whose compounds ("uninstalled",
 * "recalled", "firewalled", "snowballed", "enthralled") would otherwise lose it: Porter takes
 * `-al` off "uninstal" (to `uninst`) but not off "uninstall" (`uninstal`).
 */
const DOUBLED_ALL = ["call", "stall", "fall", "wall", "ball", "pall", "thrall"];

/**
 * One fold: letters its words hold (tested first: typo expansion stems hundreds of throwaway
 * variants per query word, most of which no pattern needs to try), a pattern, whether a match is a
 * variant, and its American spelling.
 */
interface Fold {
  needs: string;
  pattern: RegExp;
  isVariant: (m: RegExpExecArray) => boolean;
  american: (m: RegExpExecArray) => string;
}

const FOLDS: readonly Fold[] = [
  {
    needs: "is",
    // organise, organisation, initialised, optimiser, recognisable
    pattern:
      /^([a-z]{2,}[^aeiouwy])is(e|es|ed|ing|er|ers|able|ably|ement|ements|ation|ations|ational|ationally)$/,
    isVariant: (m) =>
      !notVariant(`${m[1]}ise`) && !NOT_IZE.some((w) => `${m[1]}ise`.endsWith(w)) &&
      !m[0].endsWith("disable"),
    american: (m) => `${m[1]}iz${m[2]}`,
  },
  {
    needs: "lys",
    // analyse, paralysed, analyser
    pattern: /^([a-z]{2,}ly)s(e|es|ed|ing|er|ers)$/,
    isVariant: () => true,
    american: (m) => `${m[1]}z${m[2]}`,
  },
  {
    needs: "our",
    // colour, behavioural, favourite, honourable, neighbourhood, colourized
    pattern:
      /^([a-z]{2,})our(|s|ed|ing|ings|ful|fully|fulness|ite|ites|itism|able|ably|al|ally|less|lessly|lessness|er|ers|ism|ist|ists|hood|hoods|y|ies|ier|iest|ily|ous|ously|ation|ations|ize|izes|ized|izing|ization)$/,
    isVariant: (m) => !notVariant(`${m[1]}our`),
    american: (m) => `${m[1]}or${m[2]}`,
  },
  {
    needs: "re",
    // centre, metres, fibre
    pattern: /^([a-z]{2,}[tb])re(s?)$/,
    isVariant: (m) => !notVariant(`${m[1]}re`),
    american: (m) => `${m[1]}er${m[2]}`,
  },
  {
    needs: "tred",
    // centred, lustred, sceptred, mitred; not -bred ("inbred") nor "brightred", "pctred"
    pattern: /^([a-z]+[nspi]t)red$/,
    isVariant: (m) => !notVariant(m[0]),
    american: (m) => `${m[1]}ered`,
  },
  {
    needs: "tring",
    // centring, mitring; not "string", "substring", "docstring"
    pattern: /^([a-z]+[ni]t)ring$/,
    isVariant: () => true,
    american: (m) => `${m[1]}ering`,
  },
  {
    needs: "logu",
    // catalogue, catalogues, catalogued, cataloguing, dialogue
    pattern: /^([a-z]{2,}log)u(e|es|ed|ing|er|ers)$/,
    isVariant: (m) => !notVariant(`${m[1]}ue`),
    american: (m) => `${m[1]}${m[2] === "e" ? "" : m[2] === "es" ? "s" : m[2]}`,
  },
  {
    needs: "ll",
    // dialled, fuelling, trialling, counsellor, medallist: a vowel before the syllable (the `u`
    // of `qu` is none: "quelled")
    pattern: /^([a-z]+)([ae])ll(ed|ing|ings|er|ers|or|ors|ist|ists)$/,
    isVariant: (m) =>
      /[aeiou]/.test(m[1]!.replace(/qu/g, "q")) &&
      !DOUBLED_ALL.some((w) => `${m[1]}${m[2]}ll`.endsWith(w)),
    american: (m) => `${m[1]}${m[2]}l${m[3]}`,
  },
];

/** The American spelling of a normalized British-spelled word, or `undefined` for any other. */
export function americanSpelling(word: string): string | undefined {
  if (word.length < 5) return undefined;
  let out = word;
  for (const fold of FOLDS) {
    const m = out.includes(fold.needs) ? fold.pattern.exec(out) : null;
    if (m !== null && fold.isVariant(m)) out = fold.american(m);
  }
  return out === word ? undefined : out;
}

/**
 * The beginnings (four letters) a British spelling may have where its American term's differ,
 * for finding a term's words in a text (`word_positions.ts`): the fold changes a word's first
 * four letters only when two letters come before `tre`/`bre` ("metre", term `meter`) or `our`
 * ("odour", term `odor`). Other terms that look so ("water", "door") get a beginning no word has.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { britishHeads } from "./american_spelling.ts";
 * assert.deepEqual(britishHeads("meter"), ["metr"]);
 * assert.deepEqual(britishHeads("odor"), ["odou"]);
 * assert.deepEqual(britishHeads("color"), []); // "colour" starts with "colo" too
 * ```
 */
export function britishHeads(term: string): string[] {
  if (/^[a-z]{2}[tb]e/.test(term)) return [`${term.slice(0, 3)}r`];
  if (/^[a-z]{2}or/.test(term)) return [`${term.slice(0, 2)}ou`];
  return [];
}
