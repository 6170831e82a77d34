// Czech interface texts; the Dictionary type keeps the keys identical to English.
import type { Dictionary } from './dictionary';

export const cs: Dictionary = {
  common: {
    loading: 'Načítání...',
    backToHome: 'Zpět na domovskou stránku',
    returnToHomepage: 'Zpět na hlavní stránku',
    backToAllPosts: 'Zpět na všechny příspěvky',
    category: 'Kategorie',
  },
  header: {
    signIn: 'Přihlásit se',
    homeLink: 'Přejít na domovskou stránku',
  },
  footer: {
    rights: 'Všechna práva vyhrazena.',
  },
  language: {
    label: 'Jazyk rozhraní',
    english: 'English',
    czech: 'Čeština',
    switched: 'Jazyk přepnut na češtinu',
  },
  hero: {
    badge: 'Profesionální blog o platbách',
    readLatest: 'Číst nejnovější příspěvky',
    imageAlt: 'Ilustrace platebních technologií',
  },
  search: {
    label: 'Hledat články',
    placeholder: 'Hledat články...',
    button: 'Hledat',
    resultsFor: 'Výsledky hledání pro „{query}“',
  },
  home: {
    latestArticles: 'Nejnovější příspěvky',
    allPosts: 'Všechny příspěvky',
  },
  category: {
    description: 'Články na téma {category} z oblasti platebních technologií a fintech inovací.',
  },
  auth: {
    signIn: 'Přihlášení',
    signInDescription: 'Přihlaste se a spravujte obsah blogu',
  },
  editor: {
    createTitle: 'Vytvořit nový příspěvek',
    editTitle: 'Upravit příspěvek',
  },
  admin: {
    dashboardTitle: 'Administrace',
    dashboardSubtitle: 'Správa uživatelů a obsahu',
    managePosts: 'Správa příspěvků',
    siteSettings: 'Nastavení webu',
  },
  demo: {
    languageDemo: 'Ukázka jazyků',
    formatTest: 'Test formátování',
    czechFormatTest: 'Test českého formátování',
  },
  account: {
    profile: 'Profil',
    forgotPassword: 'Zapomenuté heslo',
    resetPassword: 'Obnovení hesla',
  },
  errors: {
    generic: 'Došlo k chybě',
    serverErrorTitle: 'Chyba serveru',
    serverError: 'Na serveru došlo k chybě. Zkuste to prosím později.',
    unauthorizedTitle: 'Přístup odepřen',
    unauthorized: 'K přístupu na tuto stránku nemáte oprávnění.',
    notFoundTitle: '404 Stránka nenalezena',
    notFoundHint: 'Nezapomněli jste stránku přidat do routeru?',
  },
  toast: {
    viewportLabel: 'Oznámení ({hotkey})',
    close: 'Zavřít',
  },
};
