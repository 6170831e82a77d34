// The import's report and errors in the interface language. The server speaks English (its
// importer, src/import/*.cpp, src/store/site_archive_store.cpp, src/api/import_api.cpp): each text
// it may send is its English text in import-texts.ts, with {parameters}; a text that matches one is shown
// in the interface language with its parameters as they were (a parameter that is itself a message,
// such as the reason after "not stored:", goes through the same translation). Anything else is
// shown as the server sent it. A message changed on the server must be changed here too.
import { interpolate } from '@/lib/i18n';
import { importTexts } from '@/lib/i18n/import-texts';

export type ImportTexts = (typeof importTexts)['en'];
type Messages = ImportTexts['messages'];

/** A counted text's forms: 1, 2–4, and 0 or 5 and more (what Czech needs; English says one). */
interface CountForms {
  one: string;
  few: string;
  many: string;
}

type Translate = (value: string, texts: ImportTexts) => string;

interface Template {
  /** The interface's text, the same {names} in it; its English is what the server sends. */
  text: (texts: ImportTexts, m: Messages) => string | CountForms;
  /** The parameter whose number picks the form of a counted text. */
  count?: string;
  /** Parameters that are themselves texts to translate (others are kept as they are). */
  inner?: Record<string, Translate>;
}

interface Compiled extends Template {
  /** What the server sends, a {name} for each parameter: the text in English. */
  server: string;
  pattern: RegExp;
  names: string[];
}

// Parameters that are always a number, or a name of a field (a column: "cover_image"); any other
// takes the shortest text that lets the rest match.
const NUMBERS = new Set(['count', 'line', 'column', 'size', 'depth', 'offset', 'status']);
const NAMES = new Set(['field']);

function compile(template: Template): Compiled {
  // The server's text is the English one (a counted text's forms read the same in English).
  const english = template.text(importTexts.en, importTexts.en.messages);
  const server = typeof english === 'string' ? english : english.many;
  const names: string[] = [];
  const source = server
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      if (NUMBERS.has(name)) return '(\\d+)';
      return NAMES.has(name) ? '(\\w+)' : '([\\s\\S]*?)';
    })
    .join('');
  return { ...template, server, pattern: new RegExp(`^${source}$`), names };
}

function compileAll(templates: readonly Template[]): readonly Compiled[] {
  return templates.map(compile);
}

function countForm(forms: CountForms, count: number): string {
  if (count === 1) return forms.one;
  if (count >= 2 && count <= 4) return forms.few;
  return forms.many;
}

/** The first of `templates` that `message` matches, in the interface language; else undefined. */
function apply(
  templates: readonly Compiled[],
  message: string,
  texts: ImportTexts,
): string | undefined {
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      const inner = template.inner?.[name];
      values[name] = inner ? inner(value, texts) : value;
    });
    const text = template.text(texts, texts.messages);
    const chosen =
      typeof text === 'string' ? text : countForm(text, Number(values[template.count ?? 'count']));
    return interpolate(chosen, values);
  }
  return undefined;
}

// How the report names an item: WordPress "item 12 (line 340)", Ghost "post hello (id 5)".
const LABELS = compileAll([{ text: (_, m) => m.labels.item }, { text: (_, m) => m.labels.post }]);

function translateLabel(label: string, texts: ImportTexts): string {
  return apply(LABELS, label, texts) ?? label;
}

function translateVersion(version: string, texts: ImportTexts): string {
  return version === '(none)' ? texts.messages.jobErrors.noVersion : version;
}

// Why an image was not fetched: a reason of our own, or what fetching its address answered
// ("https://old.example/a.png timed out" when the address is not the image's own).
function translateFetchReason(reason: string, texts: ImportTexts): string {
  const known = translateImportMessage(reason, texts);
  if (known !== reason) return known;
  const fetched = /^(https?:\/\/\S+) ([\s\S]+)$/.exec(reason);
  if (!fetched) return reason;
  const [, address = '', problem = ''] = fetched;
  return `${address} ${translateImportMessage(problem, texts)}`;
}

const translateInner: Translate = (value, texts) => translateImportMessage(value, texts);

// Every text of the server the import screen shows, most specific first where two could match.
const TEMPLATES = compileAll([
  // The report's format.
  {
    text: (_, m) => m.formats.wordpress,
  },
  { text: (_, m) => m.formats.ghost },
  { text: (_, m) => m.formats.siteArchive },

  // Report lines (problems).
  {
    text: (_, m) => m.problems.pairNotLinked,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.problems.groupUnreadable,
  },
  {
    text: (_, m) => m.problems.authorNotCreated,
  },
  {
    text: (_, m) => m.problems.imageNotStored,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.problems.imageNotFetched,
    inner: { reason: translateFetchReason },
  },
  {
    text: (_, m) => m.problems.slugTaken,
    inner: { label: translateLabel },
  },
  {
    text: (_, m) => m.problems.shortcodesRemoved,
    inner: { label: translateLabel },
  },
  {
    text: (_, m) => m.problems.passwordProtected,
    inner: { label: translateLabel },
  },
  {
    text: (_, m) => m.problems.membersOnly,
    inner: { label: translateLabel },
  },
  {
    text: (_, m) => m.problems.ghostUrl,
  },
  {
    text: (_, m) => m.problems.accountsMatched,
  },
  {
    text: (_, m) => m.problems.accountsCreated,
  },
  { text: (_, m) => m.problems.postsWithoutAuthor },
  { text: (_, m) => m.problems.categoryCut, inner: { label: translateLabel } },
  {
    text: (_, m) => m.problems.categoryRefused,
    inner: { label: translateLabel, reason: translateInner },
  },
  { text: (_, m) => m.problems.noText, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.embeddedImages, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.emailOnly, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostHiddenCards, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostUnknownCards, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostUnsafeLinks, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostUnreadableParts, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostTooDeep, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostNotJsonEmpty, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostNotJson, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostNotDocumentEmpty, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.ghostNotDocument, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.badDate, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.redirectTaken, inner: { label: translateLabel } },
  { text: (_, m) => m.problems.authorNoEmail },
  { text: (_, m) => m.problems.authorRenamed },
  { text: (_, m) => m.problems.linksDropped },
  { text: (_, m) => m.problems.adminCreated },

  // Why an image was not stored (after "not stored:").
  { text: (_, m) => m.imageReasons.noAccount },
  { text: (_, m) => m.imageReasons.notAnUpload },
  { text: (_, m) => m.imageReasons.cannotRead },
  {
    text: (_, m) => m.imageReasons.invalidType,
  },
  { text: (_, m) => m.imageReasons.tooLarge },
  {
    text: (_, m) => m.imageReasons.tooManyPixels,
  },
  {
    text: (_, m) => m.imageReasons.busy,
  },

  // Why an image was not fetched (after "not fetched:").
  {
    text: (_, m) => m.fetchReasons.foreignHost,
  },
  { text: (_, m) => m.fetchReasons.notHttp },
  {
    text: (_, m) => m.fetchReasons.noSite,
  },
  { text: (_, m) => m.fetchReasons.noTransfer },
  {
    text: (_, m) => m.fetchReasons.privateNetwork,
  },
  { text: (_, m) => m.fetchReasons.tooLarge },
  { text: (_, m) => m.fetchReasons.timedOut },
  {
    text: (_, m) => m.fetchReasons.redirect,
  },
  { text: (_, m) => m.fetchReasons.answered },

  // Why an item was skipped.
  { text: (_, m) => m.skipReasons.language },
  {
    text: (_, m) => m.skipReasons.noLanguage,
  },
  { text: (_, m) => m.skipReasons.status },
  { text: (_, m) => m.skipReasons.noPostId },
  { text: (_, m) => m.skipReasons.noId },

  // The post rules' refusals (a skipped item's reason, joined by "; ", or a pair not linked).
  { text: (_, m) => m.postRules.titleRequired },
  { text: (_, m) => m.postRules.titleTooLong },
  { text: (_, m) => m.postRules.contentRequired },
  { text: (_, m) => m.postRules.contentTooLong },
  { text: (_, m) => m.postRules.categoryRequired },
  { text: (_, m) => m.postRules.categoryTooLong },
  {
    text: (_, m) => m.postRules.categoryUnlisted,
  },
  { text: (_, m) => m.postRules.languageInvalid },
  {
    text: (_, m) => m.postRules.excerptTooLong,
  },
  {
    text: (_, m) => m.postRules.coverImageInvalid,
  },
  {
    text: (_, m) => m.postRules.slugInvalid,
  },
  {
    text: (_, m) => m.postRules.embeddedImage,
  },
  {
    text: (_, m) => m.postRules.publishedAtInvalid,
  },
  {
    text: (_, m) => m.postRules.titleNotAllowed,
  },
  {
    text: (_, m) => m.postRules.slugNotAllowed,
  },
  {
    text: (_, m) => m.postRules.excerptNotAllowed,
  },
  {
    text: (_, m) => m.postRules.categoryNotAllowed,
  },
  {
    text: (_, m) => m.postRules.coverImageNotAllowed,
  },
  {
    text: (_, m) => m.postRules.categoryNameNotAllowed,
  },
  {
    text: (_, m) => m.postRules.categoryNameTooShort,
  },
  {
    text: (_, m) => m.postRules.categoryNameTooLong,
  },
  { text: (_, m) => m.postRules.slugExists },
  {
    text: (_, m) => m.postRules.translationNotFound,
  },
  {
    text: (_, m) => m.postRules.ownPostsOnly,
  },
  {
    text: (_, m) => m.postRules.otherLanguage,
  },
  {
    text: (_, m) => m.postRules.alreadyLinked,
  },
  { text: (_, m) => m.postRules.importedGone },
  { text: (_, m) => m.postRules.invalidInput },

  // A failed import's error.
  { text: (_, m) => m.jobErrors.cannotRead },
  { text: (_, m) => m.jobErrors.folder },
  { text: (_, m) => m.jobErrors.encoding },
  { text: (_, m) => m.jobErrors.parameterEntities },
  { text: (_, m) => m.jobErrors.attributeList },
  { text: (_, m) => m.jobErrors.undeclaredEntities },
  { text: (_, m) => m.jobErrors.noAdmin },
  { text: (_, m) => m.jobErrors.jsonTooLarge },
  { text: (_, m) => m.jobErrors.gzipBomb },
  { text: (_, m) => m.jobErrors.settingsInvalid, inner: { reason: translateInner } },
  { text: (_, m) => m.jobErrors.settingsNotText },
  { text: (_, m) => m.jobErrors.anotherImport },
  {
    text: (_, m) => m.jobErrors.mediaFrom,
  },
  {
    text: (_, m) => m.jobErrors.noAccount,
  },
  { text: (_, m) => m.jobErrors.languageOption },
  {
    text: (_, m) => m.jobErrors.unknownFormat,
  },
  {
    text: (_, m) => m.jobErrors.jsonTooDeep,
    count: 'depth',
  },
  {
    text: (_, m) => m.jobErrors.jsonInvalid,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.jobErrors.notGhost,
  },
  {
    text: (_, m) => m.jobErrors.ghostVersion,
    inner: { version: translateVersion },
  },
  {
    text: (_, m) => m.jobErrors.truncated,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.jobErrors.notWellFormed,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.jobErrors.notRss,
  },
  {
    text: (_, m) => m.jobErrors.noWxrNamespace,
  },
  {
    text: (_, m) => m.jobErrors.wxrVersion,
  },
  {
    text: (_, m) => m.jobErrors.externalDtd,
  },
  {
    text: (_, m) => m.jobErrors.externalEntity,
  },
  {
    text: (_, m) => m.jobErrors.entities,
  },
  {
    text: (_, m) => m.jobErrors.elementTooLarge,
  },
  {
    text: (_, m) => m.jobErrors.noFormat,
  },
  {
    text: (_, m) => m.jobErrors.notArchive,
  },
  {
    text: (_, m) => m.jobErrors.entryUnreadable,
  },
  {
    text: (_, m) => m.jobErrors.noContent,
  },
  {
    text: (_, m) => m.jobErrors.contentNotObject,
  },
  {
    text: (_, m) => m.jobErrors.contentNotJson,
    inner: { reason: translateInner },
  },
  {
    text: (_, m) => m.jobErrors.listMissingBefore,
  },
  {
    text: (_, m) => m.jobErrors.noList,
  },
  {
    text: (_, m) => m.jobErrors.listOutOfOrder,
  },
  {
    text: (_, m) => m.jobErrors.rowNotObject,
  },
  {
    text: (_, m) => m.jobErrors.entryTooLarge,
  },
  {
    text: (_, m) => m.jobErrors.tempFolder,
  },
  { text: (_, m) => m.jobErrors.cannotWrite },
  { text: (_, m) => m.jobErrors.cannotReadFile },
  {
    text: (_, m) => m.jobErrors.cannotKeep,
  },
  {
    text: (_, m) => m.jobErrors.notEmpty,
  },
  {
    text: (_, m) => m.jobErrors.archiveVersion,
  },
  {
    text: (_, m) => m.jobErrors.missingUpload,
  },
  { text: (_, m) => m.jobErrors.uploadNotItsName },
  { text: (_, m) => m.jobErrors.uploadNotImage },
  { text: (_, m) => m.jobErrors.entryTwice },
  { text: (_, m) => m.jobErrors.settingNotSwitch },
  { text: (_, m) => m.jobErrors.accountInvalid, inner: { reason: translateInner } },
  { text: (_, m) => m.jobErrors.categoryInvalid, inner: { reason: translateInner } },
  { text: (_, m) => m.jobErrors.postNoId },
  { text: (_, m) => m.jobErrors.postIdTwice },
  { text: (_, m) => m.jobErrors.slugTwice },
  { text: (_, m) => m.jobErrors.postInvalid, inner: { reason: translateInner } },
  { text: (_, m) => m.jobErrors.revisionOrphan },
  { text: (_, m) => m.jobErrors.termInvalid },
  { text: (_, m) => m.jobErrors.redirectNotPath },
  { text: (_, m) => m.jobErrors.redirectOrphan },
  { text: (_, m) => m.jobErrors.rowMalformed },
  { text: (_, m) => m.jobErrors.cannotStore },
  { text: (_, m) => m.jobErrors.accountIdTwice },
  { text: (_, m) => m.jobErrors.accountNameTwice },
  { text: (_, m) => m.jobErrors.notADate },
  { text: (_, m) => m.jobErrors.nulCharacter },
  { text: (_, m) => m.jobErrors.categoryTwice },
  { text: (_, m) => m.jobErrors.redirectTwice },
  { text: (_, m) => m.archiveReasons.username },
  { text: (_, m) => m.archiveReasons.email },
  { text: (_, m) => m.archiveReasons.role },
  { text: (_, m) => m.archiveReasons.approval },
  { text: (_, m) => m.archiveReasons.hiddenPublished },
  { text: (_, m) => m.archiveReasons.newsletter },
  { text: (_, m) => m.archiveReasons.notText },
  { text: (_, m) => m.archiveReasons.notSwitch },
  { text: (_, m) => m.archiveReasons.notNumber },

  // What Boost.JSON and expat say after "line …, column …:" (and content.json's byte).
  { text: (_, m) => m.parser.notInEncoding },
  { text: (_, m) => m.parser.syntaxError },
  { text: (_, m) => m.parser.extraData },
  { text: (_, m) => m.parser.incompleteJson },
  { text: (_, m) => m.parser.exponentOverflow },
  { text: (_, m) => m.parser.tooDeep },
  { text: (_, m) => m.parser.leadingSurrogate },
  { text: (_, m) => m.parser.trailingSurrogate },
  { text: (_, m) => m.parser.expectedHexDigit },
  { text: (_, m) => m.parser.expectedUtf16Escape },
  { text: (_, m) => m.parser.objectTooLarge },
  { text: (_, m) => m.parser.arrayTooLarge },
  { text: (_, m) => m.parser.keyTooLarge },
  { text: (_, m) => m.parser.stringTooLarge },
  { text: (_, m) => m.parser.outOfMemory },
  { text: (_, m) => m.parser.noElement },
  { text: (_, m) => m.parser.invalidToken },
  { text: (_, m) => m.parser.unclosedToken },
  { text: (_, m) => m.parser.partialCharacter },
  { text: (_, m) => m.parser.mismatchedTag },
  { text: (_, m) => m.parser.duplicateAttribute },
  { text: (_, m) => m.parser.junkAfterDocument },
  { text: (_, m) => m.parser.undefinedEntity },
  { text: (_, m) => m.parser.recursiveEntity },
  {
    text: (_, m) => m.parser.invalidCharacterNumber,
  },
  { text: (_, m) => m.parser.unknownEncoding },
  {
    text: (_, m) => m.parser.wrongEncoding,
  },
  { text: (_, m) => m.parser.unclosedCdata },
  { text: (_, m) => m.parser.unboundPrefix },
  { text: (_, m) => m.parser.badXmlDeclaration },
  {
    text: (_, m) => m.parser.misplacedXmlDeclaration,
  },
  { text: (_, m) => m.parser.badPublicId },
  { text: (_, m) => m.parser.aborted },
  {
    text: (_, m) => m.parser.amplification,
  },

  // The upload's refusals (POST /api/admin/import) and the job's lookup.
  {
    text: (_, m) => m.upload.notMultipart,
  },
  {
    text: (_, m) => m.upload.badMultipart,
  },
  { text: (texts) => texts.chooseFile },
  { text: (_, m) => m.upload.tooLarge },
  { text: (_, m) => m.upload.notFound },
  {
    text: (_, m) => m.upload.loginRequired,
  },
  {
    text: (_, m) => m.upload.notAdmin,
  },
  { text: (_, m) => m.upload.pending },
  { text: (_, m) => m.upload.rejected },
  {
    text: (_, m) => m.upload.twoFactorSetupRequired,
  },
  { text: (_, m) => m.upload.crossSite },
  {
    text: (_, m) => m.upload.busy,
  },
]);

/**
 * A report line, a skipped item's reason, the report's format, a failed import's error or an
 * upload's refusal, in the interface language when the app knows it; otherwise unchanged.
 */
export function translateImportMessage(message: string, texts: ImportTexts): string {
  const known = apply(TEMPLATES, message, texts);
  if (known !== undefined) return known;
  // A skipped item's reason: each of the post rules' refusals, joined.
  if (message.includes('; ')) {
    return message
      .split('; ')
      .map((part) => translateImportMessage(part, texts))
      .join('; ');
  }
  return message;
}

// The report's notImported keys the importer writes; any other is a WordPress post type (e.g.
// "wp_block"), named as the file names it.
const KINDS = new Map<string, (m: Messages) => string>([
  ['tags', (m) => m.kinds.tags],
  ['comments', (m) => m.kinds.comments],
  ['attachments without a post', (m) => m.kinds.attachmentsWithoutPost],
  ['pages', (m) => m.kinds.pages],
  ['menu items', (m) => m.kinds.menuItems],
  ['items of no type', (m) => m.kinds.itemsOfNoType],
  ['members', (m) => m.kinds.members],
]);

/** What the report counts as not imported ("pages", "menu items", …), in the interface language. */
export function translateNotImportedKind(kind: string, texts: ImportTexts): string {
  return KINDS.get(kind)?.(texts.messages) ?? kind;
}

/** The server's texts this module knows, as written in its table (for the tests' check of coverage). */
export const IMPORT_MESSAGE_TEMPLATES: readonly string[] = TEMPLATES.map((t) => t.server);

/** The server text (from IMPORT_MESSAGE_TEMPLATES) that `message` is an instance of, if any. */
export function importMessageTemplate(message: string): string | undefined {
  return TEMPLATES.find((template) => template.pattern.test(message))?.server;
}
