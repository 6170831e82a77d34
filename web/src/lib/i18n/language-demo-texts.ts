// Texts of the language demo page, in both languages, loaded with it (see texts-module.ts).
import { defineTexts } from './texts-module';

export const [languageDemoTexts, useLanguageDemoTexts] = defineTexts({
  en: {
    title: 'Language Demo',
    description: 'See the interface switch between English and Czech.',
    switcherLabel: 'Choose a language',
    languageName: 'English',
    current: 'Current language: {language}',
    storedNote:
      'The choice is stored in this browser and checked every half second, so a change made in another tab shows up here too.',
    welcomeTitle: 'Welcome to PayTech Blog',
    welcomeText:
      'Expert insights and analysis on payment technologies, fintech innovations, and industry trends.',
    cards: {
      interface: {
        title: 'Interface language',
        text: 'Menus, buttons and messages follow the language you choose.',
      },
      content: {
        title: 'Content language',
        text: 'The filter on the home page shows English posts only, or Czech and English posts together.',
      },
      dates: {
        title: 'Dates',
        text: 'Dates are written the way your language writes them, for example {date}.',
      },
    },
  },
  cs: {
    title: 'Ukázka jazyků',
    description: 'Podívejte se, jak se rozhraní přepíná mezi angličtinou a češtinou.',
    switcherLabel: 'Vyberte jazyk',
    languageName: 'Čeština',
    current: 'Aktuální jazyk: {language}',
    storedNote:
      'Volba se ukládá v tomto prohlížeči a kontroluje se každou půlsekundu, takže se zde projeví i změna provedená v jiné záložce.',
    welcomeTitle: 'Vítejte na PayTech Blogu',
    welcomeText:
      'Odborné postřehy a analýzy platebních technologií, fintechových inovací a trendů v oboru.',
    cards: {
      interface: {
        title: 'Jazyk rozhraní',
        text: 'Nabídky, tlačítka i zprávy se řídí jazykem, který si vyberete.',
      },
      content: {
        title: 'Jazyk obsahu',
        text: 'Filtr na domovské stránce zobrazí jen anglické příspěvky, nebo české a anglické společně.',
      },
      dates: {
        title: 'Data',
        text: 'Data se píší tak, jak je píše váš jazyk, například {date}.',
      },
    },
  },
});
