// Home page hero drawn from the site settings: badge, title, description, image, search, CTA.
import { ArrowDown, Sparkles } from 'lucide-react';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';

import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { SiteSettings } from '@/types/api';

import { useResolvedSiteSettings } from '../hooks/use-resolved-site-settings';
import { DEFAULT_SITE_SETTINGS } from '../utils/defaults';
import { heroTextsFor } from '../utils/hero-texts';

interface HeroProps {
  /** The search form, supplied by the page (features do not import each other). */
  search?: ReactNode;
  /** Element id of the article list that the call to action scrolls to. */
  latestArticlesId: string;
}

function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute -left-32 -top-32 size-96 rounded-full bg-indigo-500/20 blur-3xl" />
      <div className="absolute -bottom-40 right-0 size-[28rem] rounded-full bg-sky-400/10 blur-3xl" />
      <div className="absolute inset-0 bg-[radial-gradient(rgba(255,255,255,0.07)_1px,transparent_1px)] [background-size:22px_22px]" />
    </div>
  );
}

function HeroSkeleton() {
  return (
    <section
      data-testid="hero-skeleton"
      className="relative overflow-hidden"
      style={{ backgroundColor: DEFAULT_SITE_SETTINGS.heroBackgroundColor }}
    >
      <HeroBackdrop />
      <div className="container relative grid items-center gap-10 py-16 md:grid-cols-2 md:py-24">
        <Skeleton className="mx-auto aspect-[4/3] w-3/4 rounded-2xl bg-white/10" />
        <div className="space-y-5">
          <Skeleton className="h-6 w-48 rounded-full bg-white/10" />
          <Skeleton className="h-12 w-4/5 bg-white/10" />
          <Skeleton className="h-5 w-full bg-white/10" />
          <Skeleton className="h-5 w-2/3 bg-white/10" />
          <Skeleton className="h-11 w-full max-w-lg rounded-lg bg-white/10" />
        </div>
      </div>
    </section>
  );
}

/**
 * The image's box from the settings. With an 'auto' height it is drawn into a 4:3 box (the
 * skeleton's), so the page below does not move when the image arrives; the server draws the same.
 */
function heroImageStyle(settings: SiteSettings): CSSProperties {
  const { heroImageWidth: width, heroImageHeight: height } = settings;
  return height === 'auto' ? { width, height, aspectRatio: '4 / 3' } : { width, height };
}

interface HeroContentProps extends HeroProps {
  settings: SiteSettings;
}

function HeroContent({ settings, search, latestArticlesId }: HeroContentProps) {
  const t = useT();
  const language = useLanguage();
  const texts = heroTextsFor(settings, language, t.hero.badge);
  const imageOnRight = settings.imageOnRight;

  const scrollToArticles = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(latestArticlesId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <section
      data-testid="hero"
      data-image-position={imageOnRight ? 'right' : 'left'}
      className="relative overflow-hidden"
      style={{ backgroundColor: settings.heroBackgroundColor }}
    >
      <HeroBackdrop />
      <div className="container relative grid items-center gap-10 py-14 md:grid-cols-2 md:gap-14 md:py-24">
        <div
          className={cn('order-2 flex justify-center', imageOnRight ? 'md:order-2' : 'md:order-1')}
        >
          {settings.heroImage ? (
            <ResponsiveImage
              data-testid="hero-image"
              src={settings.heroImage}
              sizes="(min-width: 768px) 50vw, 100vw"
              alt={t.hero.imageAlt}
              className="max-w-full object-contain drop-shadow-2xl"
              style={heroImageStyle(settings)}
            />
          ) : null}
        </div>

        <div
          className={cn(
            'order-1 text-center md:text-left',
            imageOnRight ? 'md:order-1' : 'md:order-2',
          )}
          style={{ color: settings.subtitleColor }}
        >
          <span
            data-testid="hero-badge"
            className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider backdrop-blur"
          >
            <Sparkles aria-hidden="true" className="size-3.5" />
            {texts.badge}
          </span>
          <h1
            data-testid="hero-title"
            className="mt-5 text-balance text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
            style={{ color: settings.titleColor }}
          >
            {texts.title}
          </h1>
          <p
            data-testid="hero-description"
            className="mx-auto mt-5 max-w-xl text-pretty text-lg leading-relaxed opacity-90 md:mx-0"
            style={{ color: settings.subtitleColor }}
          >
            {texts.description}
          </p>
          {search ? <div className="mx-auto mt-8 max-w-xl md:mx-0">{search}</div> : null}
          <a
            data-testid="hero-cta"
            href={`#${latestArticlesId}`}
            onClick={scrollToArticles}
            className="mt-6 inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-semibold opacity-90 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          >
            {t.hero.readLatest}
            <ArrowDown aria-hidden="true" className="size-4 animate-bounce" />
          </a>
        </div>
      </div>
    </section>
  );
}

export function Hero(props: HeroProps) {
  const settings = useResolvedSiteSettings();
  if (!settings) return <HeroSkeleton />;
  return <HeroContent settings={settings} {...props} />;
}
