// The prompts of the format test pages: English markdown, or Czech markdown with at least five
// points marked with double asterisks. The pages send the prompt alone, without a language.
import { headingIn } from '@/lib/highlight-headings';

export type FormatTestVariant = 'en' | 'cs';

const SHAPE =
  "Format it as markdown: start with the title as a '#' heading, use '##' headings for the sections and separate paragraphs with blank lines.";

export function buildFormatTestPrompt(topic: string, variant: FormatTestVariant): string {
  const subject = `"${topic.trim()}"`;
  if (variant === 'en') {
    return [
      `Write a blog article in English about ${subject} for a blog on payment technology and fintech.`,
      SHAPE,
      `Include a '## ${headingIn('Key Points', 'en')}' section and end with a '## ${headingIn('Conclusion', 'en')}' section; mark the key terms with double asterisks, **like this**.`,
      'Answer with the markdown only.',
    ].join('\n');
  }
  return [
    `Write a blog article in Czech about ${subject} for a blog on payment technology and fintech. Write all of the text in Czech.`,
    SHAPE,
    `Include a '## ${headingIn('Key Points', 'cs')}' section with at least five points; give each point its own paragraph that starts with its name marked with double asterisks, for example: **První bod:** the text of the point.`,
    `End with a '## ${headingIn('Conclusion', 'cs')}' section. Write these two headings exactly so, in Czech.`,
    'Answer with the markdown only.',
  ].join('\n');
}

/** Generate may run once there is a topic, and not while a generation runs. */
export function canGenerateFor(topic: string, isGenerating: boolean): boolean {
  return topic.trim() !== '' && !isGenerating;
}
