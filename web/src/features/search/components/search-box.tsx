// Search form used by the hero and the results page.
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { useSearchNavigation } from '../hooks/use-search-navigation';

interface SearchBoxProps {
  initialQuery?: string;
  className?: string;
}

export function SearchBox({ initialQuery = '', className }: SearchBoxProps) {
  const t = useT();
  const [query, setQuery] = useState(initialQuery);
  const goToSearch = useSearchNavigation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    goToSearch(query);
  };

  return (
    <form
      role="search"
      data-testid="search-form"
      onSubmit={submit}
      className={cn('flex w-full items-center gap-2', className)}
    >
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          data-testid="search-input"
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t.search.placeholder}
          aria-label={t.search.label}
          className="h-11 pl-9 shadow-sm"
        />
      </div>
      <Button data-testid="search-button" type="submit" size="lg" className="h-11">
        {t.search.button}
      </Button>
    </form>
  );
}
