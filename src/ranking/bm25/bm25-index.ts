import type { ExactNames } from "../query/index.js";
import type { RankDocument } from "../ranker.js";
import { BM25_FIELDS, DESCRIPTION_TERMS, fieldTermsOf } from "./bm25-terms.js";
import { FIELD_COUNT, TermPostings } from "./term-postings.js";

/**
 * The examples field's average length is over the tools that have examples, not all of them: a
 * catalogue enriched in part would otherwise count eight requests as far longer than usual and
 * all but cancel their weight.
 */
const EXAMPLES_FIELD = BM25_FIELDS.indexOf("examples");

/** One tool's place in the index. */
export interface Bm25Slot {
  readonly name: string;
  readonly server: string | undefined;
  /**
   * The document last indexed for the tool, or an equal one that replaced it. Kept rather than
   * its fingerprint, so an index built from scratch never hashes a document: the fingerprint
   * is read only when a re-listed document is a new object.
   */
  document: RankDocument;
  /** The tool's distinct term ids, to lower their document frequencies when it leaves. */
  readonly terms: Int32Array;
  /**
   * The ids of `terms` its name has, in the same order: abstention weighs a match's name terms
   * (`Bm25Ranker`), and finding them among every term of a long description, match by match,
   * took about half the time of a StableToolBench query ranked 50 deep.
   */
  readonly nameTerms: Int32Array;
}

const NAME_FIELD = BM25_FIELDS.indexOf("name");

/**
 * BM25F's index of a catalogue: per term the tools that contain it and how often per field
 * ({@link TermPostings}), per tool its field lengths and their length normalisation.
 *
 * It is incremental: `update` re-indexes only tools whose fingerprint changed, so a catalogue
 * that gains a tool mid-session costs one document, not a rebuild. A removed tool's slot is
 * marked dead and skipped; once dead entries outnumber live ones, slots and terms are
 * renumbered densely. Everything lives in typed arrays, read directly by the ranker's query loop.
 */
export class Bm25Index {
  private readonly slotIds = new Map<string, number>();
  /** By slot; `undefined` for a removed tool whose entries await compaction. */
  private slots: (Bm25Slot | undefined)[] = [];
  private orders = new Int32Array(16);
  private fieldLengths = new Float64Array(16 * FIELD_COUNT);
  private norms = new Float64Array(16 * FIELD_COUNT);
  private normsStale = true;
  private epoch = 0;
  private alives = new Uint8Array(16);
  private readonly lengthTotals = new Float64Array(FIELD_COUNT);
  /** Live tools with a non-empty field, per field: the examples field's average is over these. */
  private readonly presentCounts = new Float64Array(FIELD_COUNT);
  private liveCount = 0;
  /** Posting entries that belong to removed tools. */
  private deadEntries = 0;
  private liveEntries = 0;

  private readonly termIds = new Map<string, number>();
  private postings: TermPostings[] = [];
  /** Live documents per term. */
  private frequencies = new Int32Array(16);
  /** Scratch for indexing one document: per term, the document that last saw it and where. */
  private seenIn = new Int32Array(16);
  private localIndex = new Int32Array(16);
  private generation = 0;
  private docTerms = new Int32Array(256);
  /** Per distinct term of the document being indexed, its count in each field (TermPostings caps them). */
  private docCounts = new Uint32Array(256 * FIELD_COUNT);

  constructor(
    /** BM25's field-length normalisation, 0 (none) to 1 (full). */
    private readonly b: number,
    /** Kept in step with the index: a tool added or removed here is added or removed there. */
    private readonly names: ExactNames | undefined,
    /** Whether documents' examples are indexed (not when their weight is 0). */
    private readonly withExamples = true,
    /** Terms of a description indexed (see `Bm25Options.descriptionTerms`). */
    private readonly descriptionTerms = DESCRIPTION_TERMS,
  ) {}

  /** Live tools. */
  get live(): number {
    return this.liveCount;
  }

  /** How many slots the arrays hold: per-slot scratch of this length fits every slot. */
  get capacity(): number {
    return this.orders.length;
  }

  /** 1 for a live slot, 0 for a removed tool whose entries await compaction. */
  get alive(): Uint8Array {
    return this.alives;
  }

  /** Position in the latest catalogue, by slot: breaks score ties in catalogue order. */
  get order(): Int32Array {
    return this.orders;
  }

  /** Counts norm recomputations: a term's saturated weights older than this are stale. */
  get normsEpoch(): number {
    return this.epoch;
  }

  /** BM25's length normalisation per slot and field (`FIELD_COUNT` apart), for the current average lengths. */
  currentNorms(): Float64Array {
    if (this.normsStale) this.updateNorms();
    return this.norms;
  }

  slotOf(name: string): number | undefined {
    return this.slotIds.get(name);
  }

  /** A live slot's tool. */
  slot(slot: number): Bm25Slot {
    return this.slots[slot]!;
  }

  termIdOf(term: string): number | undefined {
    return this.termIds.get(term);
  }

  postingsOf(termId: number): TermPostings {
    return this.postings[termId]!;
  }

  /** Live documents that contain the term. */
  documentFrequency(termId: number): number {
    return this.frequencies[termId]!;
  }

  frequencyOf(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.frequencies[id]!;
  }

  /** The ids of the terms some live tool has, in the given order (so scores add up in a fixed order). */
  knownIds(terms: readonly string[]): number[] {
    const ids: number[] = [];
    for (const term of terms) {
      const id = this.termIds.get(term);
      if (id !== undefined && this.frequencies[id]! > 0) ids.push(id);
    }
    return ids;
  }

  /** Brings the index in line with the catalogue: new or changed tools (re)indexed, missing ones removed. */
  update(documents: readonly RankDocument[]): void {
    const current = new Set<string>();
    documents.forEach((document, order) => {
      current.add(document.name);
      const existing = this.slotIds.get(document.name);
      const slot = existing === undefined ? undefined : this.slots[existing]!;
      if (slot && (slot.document === document || slot.document.fingerprint === document.fingerprint)) {
        slot.document = document;
        this.orders[existing!] = order;
        return;
      }
      if (existing !== undefined) this.remove(existing);
      this.add(document, order);
    });
    for (const [name, slot] of [...this.slotIds]) {
      if (!current.has(name)) this.remove(slot);
    }
    // Removed tools' entries are skipped at query time; once they are the majority, drop them.
    if (this.deadEntries > this.liveEntries) this.compact();
  }

  private add(document: RankDocument, order: number): void {
    const slot = this.slots.length;
    this.reserveSlots(slot + 1);
    // The document's distinct terms (in `docTerms`), and per term its count in each field (in
    // `docCounts`, FIELD_COUNT apart): scratch reused from document to document.
    let distinct = 0;
    const generation = ++this.generation;
    const { terms: fields, lengths } = fieldTermsOf(document, this.withExamples, this.descriptionTerms);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const fieldTerms = fields[field]!;
      this.fieldLengths[slot * FIELD_COUNT + field] = lengths[field]!;
      this.lengthTotals[field] = this.lengthTotals[field]! + lengths[field]!;
      if (fieldTerms.length > 0) this.presentCounts[field]!++;
      for (const term of fieldTerms) {
        const id = this.termId(term);
        let local: number;
        if (this.seenIn[id] === generation) local = this.localIndex[id]!;
        else {
          this.seenIn[id] = generation;
          local = distinct++;
          this.localIndex[id] = local;
          if (distinct > this.docTerms.length) this.growDocScratch(distinct);
          this.docTerms[local] = id;
          this.docCounts.fill(0, local * FIELD_COUNT, distinct * FIELD_COUNT);
        }
        this.docCounts[local * FIELD_COUNT + field]!++;
      }
    }
    const terms = this.docTerms.slice(0, distinct);
    let named = 0;
    for (let local = 0; local < distinct; local++) {
      const id = terms[local]!;
      this.postings[id]!.add(slot, this.docCounts, local * FIELD_COUNT);
      this.frequencies[id]!++;
      if (this.docCounts[local * FIELD_COUNT + NAME_FIELD]! > 0) named++;
    }
    const nameTerms = new Int32Array(named);
    for (let local = 0, at = 0; local < distinct; local++) {
      if (this.docCounts[local * FIELD_COUNT + NAME_FIELD]! > 0) nameTerms[at++] = terms[local]!;
    }
    this.slots.push({
      name: document.name,
      server: document.server,
      document,
      terms,
      nameTerms,
    });
    this.names?.add(document.name, document.server);
    this.alives[slot] = 1;
    this.slotIds.set(document.name, slot);
    this.orders[slot] = order;
    this.liveCount++;
    this.liveEntries += distinct;
    this.normsStale = true;
  }

  private growDocScratch(length: number): void {
    this.docTerms = grown(this.docTerms, length);
    this.docCounts = grown(this.docCounts, length * FIELD_COUNT);
  }

  private remove(slot: number): void {
    const removed = this.slots[slot]!;
    for (const id of removed.terms) this.frequencies[id]!--;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const length = this.fieldLengths[slot * FIELD_COUNT + field]!;
      this.lengthTotals[field] = this.lengthTotals[field]! - length;
      if (length > 0) this.presentCounts[field]!--;
    }
    this.slots[slot] = undefined;
    this.alives[slot] = 0;
    this.slotIds.delete(removed.name);
    this.names?.remove(removed.name);
    this.liveCount--;
    this.liveEntries -= removed.terms.length;
    this.deadEntries += removed.terms.length;
    this.normsStale = true;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.postings.length;
      this.termIds.set(term, id);
      this.postings.push(new TermPostings());
      if (id >= this.frequencies.length) {
        this.frequencies = grown(this.frequencies, id + 1);
        this.seenIn = grown(this.seenIn, id + 1);
        this.localIndex = grown(this.localIndex, id + 1);
      }
    }
    return id;
  }

  private updateNorms(): void {
    const { b } = this;
    const averages = Array.from(this.lengthTotals, (total, field) =>
      Math.max(total / (field === EXAMPLES_FIELD ? Math.max(this.presentCounts[field]!, 1) : this.liveCount), 1),
    );
    for (let slot = 0; slot < this.slots.length; slot++) {
      for (let field = 0; field < FIELD_COUNT; field++) {
        this.norms[slot * FIELD_COUNT + field] =
          1 - b + (b * this.fieldLengths[slot * FIELD_COUNT + field]!) / averages[field]!;
      }
    }
    this.normsStale = false;
    this.epoch++;
  }

  /** Renumbers live tools and their terms densely, dropping removed tools' entries and unused terms. */
  private compact(): void {
    const newSlotOf = new Int32Array(this.slots.length).fill(-1);
    const slots: Bm25Slot[] = [];
    this.slots.forEach((entry, slot) => {
      if (!entry) return;
      newSlotOf[slot] = slots.length;
      this.orders[slots.length] = this.orders[slot]!;
      this.fieldLengths.copyWithin(slots.length * FIELD_COUNT, slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT);
      slots.push(entry);
    });
    for (const [name, slot] of this.slotIds) this.slotIds.set(name, newSlotOf[slot]!);
    this.alives.fill(0).fill(1, 0, slots.length);

    const newTermOf = new Int32Array(this.postings.length).fill(-1);
    const postings: TermPostings[] = [];
    const frequency = new Int32Array(Math.max(16, this.frequencies.length));
    for (const [term, id] of [...this.termIds]) {
      if (this.frequencies[id] === 0) {
        this.termIds.delete(term);
        continue;
      }
      newTermOf[id] = postings.length;
      frequency[postings.length] = this.frequencies[id]!;
      this.termIds.set(term, postings.length);
      this.postings[id]!.compact(newSlotOf);
      postings.push(this.postings[id]!);
    }
    this.slots = slots.map((slot) => ({
      ...slot,
      terms: slot.terms.map((id) => newTermOf[id]!),
      nameTerms: slot.nameTerms.map((id) => newTermOf[id]!),
    }));
    this.postings = postings;
    this.frequencies = frequency;
    this.deadEntries = 0;
    this.normsStale = true;
  }

  private reserveSlots(count: number): void {
    if (count <= this.orders.length) return;
    const capacity = Math.max(count, this.orders.length * 2);
    this.orders = grown(this.orders, capacity);
    this.alives = grown(this.alives, capacity);
    this.fieldLengths = grown(this.fieldLengths, capacity * FIELD_COUNT);
    this.norms = new Float64Array(capacity * FIELD_COUNT);
    this.normsStale = true;
  }
}

/** A copy of `array` with room for at least `length` elements. */
function grown<T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}
