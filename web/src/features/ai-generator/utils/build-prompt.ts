// The prompt the quick options send: content type, topic, word range, language and the markdown
// shape (a '#' title, '##' sections, blank lines between blocks) that markdownBlocksToHtml reads.
import { headingIn, type HeadingLanguage } from '@/lib/highlight-headings';

import {
  LANGUAGE_NAMES,
  TOPIC_NAMES,
  WORD_RANGES,
  type ContentType,
  type QuickOptions,
} from './options';

function task(contentType: ContentType, topic: string, words: string): string {
  switch (contentType) {
    case 'full':
      return `Write a full blog article about ${topic} for a blog on payment technology and fintech. The article should be ${words} long.`;
    case 'outline':
      return `Write a detailed outline for a blog article about ${topic} for a blog on payment technology and fintech. The outline is for an article of ${words}: list its sections with the key points of each.`;
    case 'introduction':
      return `Write only the introduction of a blog article about ${topic} for a blog on payment technology and fintech. The whole article would be ${words} long; write the introduction only.`;
  }
}

// A full article gets the highlighted boxes of the post page: their headings are recognised in
// English and Czech only, so an article in another language uses the English ones.
function boxes(language: QuickOptions['language']): string {
  const names: HeadingLanguage = language === 'cs' ? 'cs' : 'en';
  const keyPoints = headingIn('Key Points', names);
  const conclusion = headingIn('Conclusion', names);
  return `Sum up the main points in a '## ${keyPoints}' section and end with a '## ${conclusion}' section; write these two headings exactly so.`;
}

export function buildPrompt(options: QuickOptions): string {
  const { min, max } = WORD_RANGES[options.length];
  return [
    task(options.contentType, TOPIC_NAMES[options.topic], `${min}-${max} words`),
    `Write it in ${LANGUAGE_NAMES[options.language]}.`,
    "Format it as markdown: start with the title as a '#' heading, use '##' headings for the sections and separate paragraphs with blank lines.",
    ...(options.contentType === 'full' ? [boxes(options.language)] : []),
    'Answer with the markdown only.',
  ].join('\n');
}

/** May this prompt be sent now? Not while it is blank, nor while a generation runs. */
export function canGenerate(prompt: string, isGenerating: boolean): boolean {
  return prompt.trim() !== '' && !isGenerating;
}
