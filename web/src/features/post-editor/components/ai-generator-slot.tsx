// Where the admins' AI content generator sits in the editor, above the content field. The page
// supplies the generator (features/ai-generator); without one a placeholder card shows.
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useEditorTexts } from '@/lib/i18n/editor-texts';

/** What the generator gets: a way to add generated HTML to the content. */
export interface AiGeneratorFieldProps {
  onInsert: (html: string) => void;
}

export type RenderAiGenerator = (field: AiGeneratorFieldProps) => ReactNode;

interface AiGeneratorSlotProps extends AiGeneratorFieldProps {
  render?: RenderAiGenerator | undefined;
}

export function AiGeneratorSlot({ render, onInsert }: AiGeneratorSlotProps) {
  const editorT = useEditorTexts();
  if (render) return render({ onInsert });
  return (
    <Card data-testid="ai-generator" className="border-indigo-200 bg-indigo-50/40">
      <CardHeader className="p-5">
        <CardTitle className="flex items-center gap-2 text-base text-indigo-900">
          <Sparkles aria-hidden="true" className="size-4 text-indigo-600" />
          {editorT.ai.title}
        </CardTitle>
        <CardDescription>{editorT.ai.note}</CardDescription>
      </CardHeader>
    </Card>
  );
}
