import { z } from 'zod';
import { seriesKey, type ParsedTitle } from '../detect/titles';
import type { Scheduler } from '../scheduler';
import type { VerseDbClient } from '../versedb/client';
import { VerseDbError } from '../versedb/errors';
import type { SeriesListItem } from '../versedb/schemas';
import { choiceName, SeriesChoice, type TitleRef } from '../items';
import type { Library } from './library';
import { issueSummary } from './sync';
import { matchKeyParts, normaliseNumber } from './match';
import { printingWords } from './series';
import { plural, t } from '../i18n';

// A comic known only by its title, found in VerseDB's catalog when the member acts on it (never for a
// badge on its own): the series search names the series (its name, and the years and format the page
// gives), the series' issues name the issue by its number. At most 2 reads the first time for a series
// (the search, kept a week per name; the issues, kept a day per series), none after. Where the page does
// not say which of several same-named series it means, the member picks, and the pick is kept for that
// name: a wrong issue on the wishlist is worse than a question.

const SEARCH_KEEP_MS = 7 * 24 * 3_600_000;
const ISSUES_KEEP_MS = 24 * 3_600_000;
/** The interface spec names a search cap of 60 an hour for free accounts: Longbox stays under it. */
export const SEARCHES_PER_HOUR = 55;

/**
 * The cover a title names, in words for a copy's notes ("Cover D 1:25", "Virgin", "2nd printing"), or
 * null for the main cover of a first printing. VerseDB's variant list is for PRO members only, so a copy
 * bought by its title keeps what the store said its cover was.
 */
export function variantNamed(parsed: Pick<ParsedTitle, 'cover' | 'coverText' | 'ratio' | 'variant' | 'printing'>): string | null {
  const parts: string[] = [];
  if (parsed.variant) {
    const letter = parsed.cover !== null && /^[A-Z]$/.test(parsed.cover) ? t('library_cover', parsed.cover) : null;
    if (letter) parts.push(letter);
    if (parsed.coverText && !parsed.coverText.includes(parsed.ratio ?? '\u0000')) parts.push(parsed.coverText.replace(/\b(?:inc|incv|var|variant)\b\.?/gi, '').replace(/\s+/g, ' ').trim());
    else if (!letter && parsed.cover && parsed.cover !== parsed.ratio) parts.push(parsed.cover);
    if (parsed.ratio) parts.push(parsed.ratio);
    if (!letter && !parsed.coverText && !parsed.ratio && !parsed.cover) parts.push(t('library_variant_cover'));
  }
  if (parsed.printing !== null && parsed.printing > 1) parts.push(printingWords(parsed.printing));
  const words = parts.filter((part) => part.length > 0).join(' ');
  return words.length > 0 ? words.slice(0, 120) : null;
}
const HOUR_MS = 3_600_000;
/** The most issues one catalog read of a series brings. */
const SERIES_READ_LIMIT = 100;

const KeptSearch = z.object({ at: z.number(), series: z.array(SeriesChoice) });
const SearchLog = z.array(z.number());
const COLLECTED_TYPES = new Set(['collected_edition', 'graphic_novel', 'graphic_novel_series']);
const COLLECTED_FORMATS = new Set(['tpb', 'hardcover', 'omnibus', 'deluxe']);

export interface TitleDeps {
  client: () => VerseDbClient | null;
  scheduler: Scheduler;
  library: Library;
  /** One catalog read of a series' issues into the library (lib/status.ts, shared with series learning). */
  readSeriesIssues: (seriesId: number) => Promise<void>;
}

function choiceOf(series: SeriesListItem): SeriesChoice | null {
  if (!series.name) return null;
  const type = series.publicationType?.toLowerCase() ?? null;
  const format = series.format?.toLowerCase() ?? null;
  const collected = type === null && format === null ? null : COLLECTED_TYPES.has(type ?? '') || COLLECTED_FORMATS.has(format ?? '');
  return {
    seriesId: series.id, name: series.name, startYear: series.startYear, endYear: series.endYear,
    publisher: series.publisher, coverUrl: series.coverUrl, collected, issueCount: series.issueCount, volume: series.volume,
  };
}

/** Whether a series can be the one a title names by the years and volume it gives (see yearsFit for issues). */
export function seriesFitsYears(
  title: Pick<TitleRef, 'startYear' | 'year' | 'volume'>,
  series: Pick<SeriesChoice, 'startYear' | 'endYear'> & { volume?: number | null },
): boolean {
  if (title.volume != null && series.volume != null && series.volume !== title.volume) return false;
  if (title.startYear != null && series.startYear !== null && series.startYear !== title.startYear) return false;
  const year = title.year;
  if (year != null && series.startYear !== null && series.startYear !== year) {
    // A cover year within the run (a cover may carry the next year).
    if (year < series.startYear) return false;
    if (series.endYear !== null && year > series.endYear + 1) return false;
  }
  return true;
}

export class TitleResolver {
  constructor(private readonly deps: TitleDeps) {}

  /** The series a title names: the member's pick, else the only one that fits; a question when several do. */
  async seriesFor(title: TitleRef): Promise<SeriesChoice> {
    const parts = matchKeyParts(title.matchKey);
    if (!parts) throw new VerseDbError({ kind: 'not-found', message: t('library_title_no_number_which') });
    const named = (await this.search(title.series)).filter((series) => seriesKey(series.name) === parts.series);
    if (named.length === 0) throw new VerseDbError({ kind: 'not-found', message: t('library_no_series_named', title.series) });
    const kind = named.filter((series) => series.collected === null || series.collected === parts.collected);
    const fits = kind.filter((series) => seriesFitsYears(title, series));
    // "Batman #1 (2016)": a year most stores print as the series' own; a series that began that year is
    // the one meant, before the runs whose covers that year merely falls within.
    const begun = title.year != null ? fits.filter((series) => series.startYear === title.year) : [];
    const fitting = begun.length > 0 ? begun : fits;
    const pickKey = `title-series:${parts.series}|${parts.collected ? 'collected' : 'single'}`;
    if (title.seriesId !== undefined) {
      const picked = named.find((series) => series.seriesId === title.seriesId);
      if (!picked) throw new VerseDbError({ kind: 'not-found', message: t('library_not_a_choice') });
      if (fitting.length > 1 || kind.length > 1) await this.deps.library.setMeta(pickKey, picked.seriesId);
      return picked;
    }
    const [only] = fitting;
    if (fitting.length === 1 && only) return only;
    if (fitting.length === 0) {
      const when = title.startYear ?? title.year;
      // The year as it is written, not as a count ("2016", never "2,016").
      const message = when
        ? parts.collected
          ? t('library_no_collected_from', title.series, String(when))
          : t('library_no_series_from', title.series, String(when))
        : parts.collected
          ? t('library_no_collected', title.series)
          : t('library_no_such_series', title.series);
      throw new VerseDbError({ kind: 'not-found', message });
    }
    const kept = await this.deps.library.meta(pickKey);
    const remembered = fitting.find((series) => series.seriesId === kept);
    if (remembered) return remembered;
    throw new VerseDbError({
      kind: 'choose-series',
      message: plural('library_series_named', fitting.length, fitting[0]?.name ?? title.series),
      choices: fitting.slice(0, 12),
    });
  }

  /**
   * The issue a title names, and its series: the series' issues read once a day at most. Where several
   * same-named series fit, the issue number may settle it (Detective Comics #881 is only the 1986 run's):
   * one read of that number across them; the member is asked only when it does not.
   */
  async issueFor(title: TitleRef): Promise<{ issueId: number; seriesId: number }> {
    const parts = matchKeyParts(title.matchKey);
    if (!parts) throw new VerseDbError({ kind: 'not-found', message: t('library_title_no_number') });
    let series: SeriesChoice;
    try {
      series = await this.seriesFor(title);
    } catch (error) {
      if (!(error instanceof VerseDbError) || error.problem.kind !== 'choose-series') throw error;
      return this.byNumberAmong(error.problem.choices, parts.number);
    }
    const number = normaliseNumber(parts.number);
    const find = async () => (await this.deps.library.seriesIssues(series.seriesId)).issues.find((issue) => normaliseNumber(issue.number) === number) ?? null;
    let found = await find();
    const record = await this.deps.library.seriesRecord(series.seriesId);
    const fresh = record?.catalog != null && this.deps.library.now() - record.catalog.readAt < ISSUES_KEEP_MS;
    // A series of at most 100 issues is read whole in one read, which serves every later action on it; a
    // longer one's newest 100 may not hold a back issue, so its issues of that number are read instead.
    const short = series.issueCount !== null && series.issueCount <= SERIES_READ_LIMIT;
    if (!found && !fresh && short) {
      await this.deps.readSeriesIssues(series.seriesId);
      found = await find();
    }
    if (!found && !(await this.deps.library.seriesIssues(series.seriesId)).complete) {
      found = await this.issueByNumber(series.seriesId, parts.number);
    }
    if (!found) {
      throw new VerseDbError({ kind: 'not-found', message: t('library_no_issue_number', choiceName(series), parts.number) });
    }
    return { issueId: found.issueId, seriesId: series.seriesId };
  }

  private async issueByNumber(seriesId: number, number: string): Promise<{ issueId: number; number: string } | null> {
    const [first] = await this.issuesNumbered([seriesId], number);
    return first ? { issueId: first.id, number: first.number } : null;
  }

  /** Several same-named series fit: the one that has the number, when only one does; else the member picks. */
  private async byNumberAmong(choices: readonly SeriesChoice[], number: string): Promise<{ issueId: number; seriesId: number }> {
    const issues = await this.issuesNumbered(choices.map((choice) => choice.seriesId), number);
    const having = choices.filter((choice) => issues.some((issue) => issue.seriesId === choice.seriesId));
    const [only] = having;
    const issue = only && issues.find((candidate) => candidate.seriesId === only.seriesId);
    if (having.length === 1 && only && issue) return { issueId: issue.id, seriesId: only.seriesId };
    if (having.length === 0) {
      throw new VerseDbError({ kind: 'not-found', message: plural('library_none_has_number', choices.length, choices[0]?.name ?? '', number) });
    }
    // The question as seriesFor asked it, with the count of the series that have the number.
    throw new VerseDbError({ kind: 'choose-series', message: plural('library_series_named', having.length, choices[0]?.name ?? ''), choices: having });
  }

  /** The issues of these series with this number (one read), kept in the library. */
  private async issuesNumbered(seriesIds: readonly number[], number: string): Promise<Array<{ id: number; seriesId: number; number: string }>> {
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('status_sign_in') });
    const page = await this.deps.scheduler.run(
      { key: `series-number:${seriesIds.join(',')}:${number}`, kind: 'read', priority: 'user' },
      () => client.seriesIssuesMatching(seriesIds, number),
    );
    const wanted = normaliseNumber(number);
    const issues = page.issues.filter((issue) => issue.seriesId !== null && seriesIds.includes(issue.seriesId) && normaliseNumber(issue.number) === wanted);
    await this.deps.library.addMissingIssues(issues.map(issueSummary));
    for (const seriesId of new Set(issues.map((issue) => issue.seriesId ?? 0))) {
      await this.deps.library.learnSeries(seriesId, { issues: issues.filter((issue) => issue.seriesId === seriesId).map((issue) => ({ number: issue.number, issueId: issue.id })) });
    }
    return issues.map((issue) => ({ id: issue.id, seriesId: issue.seriesId ?? 0, number: issue.number }));
  }

  /** The catalog's series by a name, kept a week; the search is a read, at most SEARCHES_PER_HOUR an hour. */
  private async search(name: string): Promise<SeriesChoice[]> {
    const { library } = this.deps;
    const cacheKey = `series-search:${seriesKey(name)}`;
    const kept = KeptSearch.safeParse(await library.meta(cacheKey));
    const now = library.now();
    if (kept.success && now - kept.data.at < SEARCH_KEEP_MS) return kept.data.series;
    const client = this.deps.client();
    if (!client) throw new VerseDbError({ kind: 'unauthenticated', message: t('status_sign_in') });
    const log = (SearchLog.safeParse(await library.meta('series-searches')).data ?? []).filter((at) => now - at < HOUR_MS);
    if (log.length >= SEARCHES_PER_HOUR) {
      const resumesAt = Math.min(...log) + HOUR_MS;
      throw new VerseDbError({ kind: 'paused', message: t('library_search_limit'), resumesAt });
    }
    await library.setMeta('series-searches', [...log, now]);
    const page = await this.deps.scheduler.run({ key: cacheKey, kind: 'read', priority: 'user' }, () => client.searchSeries(name));
    const series = page.series.flatMap((row) => choiceOf(row) ?? []);
    await library.setMeta(cacheKey, { at: now, series });
    return series;
  }
}
