// The language demo page: an English/Czech switcher, a welcome block and demo cards, all in the
// stored language, which is re-read every 500 ms and on storage events.
import { languageDemoTexts, useLanguageDemoTexts } from '@/lib/i18n/language-demo-texts';
import { CalendarDays, FileText, Languages } from 'lucide-react';

import { PageShell } from '@/components/layouts/page-shell';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LANGUAGES, formatDate, interpolate, type Language } from '@/lib/i18n';

import { useStoredLanguage } from '../hooks/use-stored-language';

interface LanguageDemoProps {
  /** Stores the language, reloads the page and confirms with a toast (features/i18n). */
  onSwitch: (language: Language) => void;
}

/** A fixed day, so the date card shows each language's own format. */
const SAMPLE_DATE = new Date(2024, 2, 5);

const CARD_ICONS = { interface: Languages, content: FileText, dates: CalendarDays } as const;

export function LanguageDemo({ onSwitch }: LanguageDemoProps) {
  const demoT = useLanguageDemoTexts();
  const language = useStoredLanguage();
  const demo = languageDemoTexts[language];

  const cards = (['interface', 'content', 'dates'] as const).map((key) => ({
    key,
    Icon: CARD_ICONS[key],
    title: demo.cards[key].title,
    text: interpolate(demo.cards[key].text, { date: formatDate(SAMPLE_DATE, language) }),
  }));

  return (
    <PageShell className="max-w-5xl" title={demoT.title} description={demoT.description}>
      <div className="space-y-8">
        <div
          role="group"
          aria-label={demoT.switcherLabel}
          data-testid="language-demo-switcher"
          className="flex flex-wrap gap-2"
        >
          {LANGUAGES.map((option) => (
            <Button
              key={option}
              data-testid={`language-demo-${option}`}
              variant={option === language ? 'default' : 'outline'}
              aria-pressed={option === language}
              lang={option}
              onClick={() => {
                if (option !== language) onSwitch(option);
              }}
            >
              {languageDemoTexts[option].languageName}
            </Button>
          ))}
        </div>

        <section lang={language} data-testid="language-demo-content" className="space-y-6">
          <p data-testid="language-demo-current" className="text-sm font-medium text-slate-600">
            {interpolate(demo.current, { language: demo.languageName })}
          </p>
          <div
            data-testid="language-demo-welcome"
            className="rounded-2xl bg-gradient-to-br from-slate-900 to-indigo-900 p-8 text-white shadow-sm"
          >
            <h2 className="text-2xl font-bold tracking-tight md:text-3xl">{demo.welcomeTitle}</h2>
            <p className="mt-3 max-w-2xl text-slate-200">{demo.welcomeText}</p>
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            {cards.map(({ key, Icon, title, text }) => (
              <Card key={key} data-testid="language-demo-card">
                <CardHeader className="p-5">
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Icon aria-hidden="true" className="size-4 text-indigo-600" />
                    {title}
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
          <p className="text-xs text-slate-500">{demo.storedNote}</p>
        </section>
      </div>
    </PageShell>
  );
}
