// Texts of the Create Category dialog, in both languages, loaded with it (see texts-module.ts).
import { defineTexts } from './texts-module';

export const [categoryCreateTexts, useCategoryCreateTexts] = defineTexts({
  en: {
    button: 'Create Category',
    title: 'Create New Category',
    description: 'Add a category that posts can be filed under.',
    name: 'Category Name',
    placeholder: 'Enter a category name',
    cancel: 'Cancel',
    submit: 'Create',
    submitting: 'Creating...',
    nameTooShort: 'Category name must be at least 3 characters',
    nameTooLong: 'Category name must be at most 50 characters',
    nameNotAllowed: 'Category name contains characters that are not allowed',
    exists: 'Category already exists',
    pending: 'Your account is pending approval',
    rejected: 'Your account request was rejected',
    created: 'Category created',
    createdDescription: 'Your new category was created successfully.',
    failed: 'Error creating category',
  },
  cs: {
    button: 'Vytvořit kategorii',
    title: 'Vytvořit novou kategorii',
    description: 'Přidejte kategorii, do které lze řadit příspěvky.',
    name: 'Název kategorie',
    placeholder: 'Zadejte název kategorie',
    cancel: 'Zrušit',
    submit: 'Vytvořit',
    submitting: 'Vytváří se...',
    nameTooShort: 'Název kategorie musí mít alespoň 3 znaky',
    nameTooLong: 'Název kategorie může mít nejvýše 50 znaků',
    nameNotAllowed: 'Název kategorie obsahuje nepovolené znaky',
    exists: 'Kategorie již existuje',
    pending: 'Váš účet čeká na schválení',
    rejected: 'Vaše žádost o účet byla zamítnuta',
    created: 'Kategorie vytvořena',
    createdDescription: 'Vaše nová kategorie byla úspěšně vytvořena.',
    failed: 'Chyba při vytváření kategorie',
  },
});

export type CategoryCreateTexts = (typeof categoryCreateTexts)['en'];
