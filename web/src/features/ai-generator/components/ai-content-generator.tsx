// The admins' 'AI Content Generator' card in the post editor: quick options or a custom prompt,
// sent to the AI service; the answer goes into the editor as HTML through onInsert.
import { useAiTexts } from '@/lib/i18n/ai-texts';
import { Loader2, Sparkles } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { interpolate } from '@/lib/i18n';

import { useGenerateContent } from '../api/generate-content';
import { buildPrompt, canGenerate } from '../utils/build-prompt';
import { markdownBlocksToHtml } from '../utils/markdown-blocks';
import {
  AI_LANGUAGES,
  CONTENT_TYPES,
  DEFAULT_QUICK_OPTIONS,
  LENGTHS,
  TOPICS,
  pickOption,
  type QuickOptions,
} from '../utils/options';

export interface AiContentGeneratorProps {
  /** Receives the generated content as editor HTML (h1-h3 and paragraphs). */
  onInsert: (html: string) => void;
}

type Mode = 'quick' | 'custom';

interface OptionSelectProps<T extends string> {
  id: string;
  name: string;
  label: string;
  values: readonly T[];
  value: T;
  labels: Readonly<Record<T, string>>;
  disabled: boolean;
  onChange: (value: T) => void;
}

function OptionSelect<T extends string>({
  id,
  name,
  label,
  values,
  value,
  labels,
  disabled,
  onChange,
}: OptionSelectProps<T>) {
  return (
    <Field id={id} name={name} label={label}>
      <Select
        value={value}
        disabled={disabled}
        onValueChange={(next) => onChange(pickOption(values, next, value))}
      >
        <SelectTrigger id={id} data-testid={name} className="h-10 w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {values.map((option) => (
            <SelectItem key={option} value={option}>
              {labels[option]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

export function AiContentGenerator({ onInsert }: AiContentGeneratorProps) {
  const aiT = useAiTexts();
  const id = useId();
  const generation = useGenerateContent();
  const [mode, setMode] = useState<Mode>('quick');
  const [options, setOptions] = useState<QuickOptions>(DEFAULT_QUICK_OPTIONS);
  const [customPrompt, setCustomPrompt] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  // The answer comes seconds later: insert through the newest callback, which knows what the
  // editor holds by then.
  const onInsertRef = useRef(onInsert);
  useLayoutEffect(() => {
    onInsertRef.current = onInsert;
  });

  const busy = generation.isPending;
  const prompt = mode === 'quick' ? buildPrompt(options) : customPrompt;
  const enabled = canGenerate(prompt, busy);

  const setOption = <K extends keyof QuickOptions>(key: K, value: QuickOptions[K]) => {
    setOptions((current) => ({ ...current, [key]: value }));
  };

  const generate = () => {
    if (!enabled) return;
    setServerMessage(null);
    generation.mutate(
      { prompt: prompt.trim(), language: options.language },
      {
        onSuccess: (content) => {
          onInsertRef.current(markdownBlocksToHtml(content));
          toast({ title: aiT.generated, description: aiT.generatedDescription });
        },
        onError: (error) => {
          setServerMessage(isApiError(error) ? error.message : null);
          toast({
            title: aiT.failed,
            description: aiT.failedDescription,
            variant: 'destructive',
          });
        },
      },
    );
  };

  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <Card data-testid="ai-generator" aria-busy={busy} className="border-indigo-200 bg-indigo-50/40">
      <CardHeader className="p-5 pb-3">
        <CardTitle className="flex items-center gap-2 text-base text-indigo-900">
          <Sparkles aria-hidden="true" className="size-4 text-indigo-600" />
          {aiT.title}
        </CardTitle>
        <CardDescription>{aiT.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 p-5 pt-0">
        <Tabs
          value={mode}
          onValueChange={(value) => setMode(value === 'custom' ? 'custom' : 'quick')}
        >
          <TabsList>
            <TabsTrigger value="quick" data-testid="ai-mode-quick" disabled={busy}>
              {aiT.quickOptions}
            </TabsTrigger>
            <TabsTrigger value="custom" data-testid="ai-mode-custom" disabled={busy}>
              {aiT.customPrompt}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="quick" className="grid gap-4 md:grid-cols-3">
            <OptionSelect
              id={fieldId('content-type')}
              name="ai-content-type"
              label={aiT.contentType}
              values={CONTENT_TYPES}
              value={options.contentType}
              labels={aiT.contentTypes}
              disabled={busy}
              onChange={(value) => setOption('contentType', value)}
            />
            <OptionSelect
              id={fieldId('topic')}
              name="ai-topic"
              label={aiT.topic}
              values={TOPICS}
              value={options.topic}
              labels={aiT.topics}
              disabled={busy}
              onChange={(value) => setOption('topic', value)}
            />
            <OptionSelect
              id={fieldId('length')}
              name="ai-length"
              label={aiT.length}
              values={LENGTHS}
              value={options.length}
              labels={aiT.lengths}
              disabled={busy}
              onChange={(value) => setOption('length', value)}
            />
          </TabsContent>
          <TabsContent value="custom">
            <Field id={fieldId('prompt')} name="ai-prompt" label={aiT.prompt} hint={aiT.promptHint}>
              <Textarea
                id={fieldId('prompt')}
                data-testid="ai-prompt"
                rows={4}
                value={customPrompt}
                disabled={busy}
                placeholder={aiT.promptPlaceholder}
                aria-describedby={fieldDescribedBy(fieldId('prompt'), undefined, true)}
                onChange={(event) => setCustomPrompt(event.target.value)}
              />
            </Field>
          </TabsContent>
        </Tabs>

        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="sm:w-60">
            <OptionSelect
              id={fieldId('language')}
              name="ai-language"
              label={aiT.language}
              values={AI_LANGUAGES}
              value={options.language}
              labels={aiT.languages}
              disabled={busy}
              onChange={(value) => setOption('language', value)}
            />
          </div>
          <Button data-testid="ai-generate" disabled={!enabled} onClick={generate}>
            {busy ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {busy ? aiT.generating : aiT.generate}
          </Button>
        </div>
        {serverMessage ? (
          <p data-testid="ai-server-message" role="note" className="text-xs text-slate-600">
            {interpolate(aiT.serverMessage, { message: serverMessage })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
