// Texts of image uploads (the editor's cover, the settings' hero image), in both languages, loaded
// with those screens (see texts-module.ts).
import { defineTexts } from './texts-module';

export const [uploadTexts, useUploadTexts] = defineTexts({
  en: {
    clickToUpload: 'Click to upload',
    dragAndDrop: 'or drag and drop',
    hint: 'SVG, PNG, JPG or GIF (max. 5MB)',
    uploading: 'Uploading...',
    uploadImage: 'Upload Image',
    download: 'Download',
    remove: 'Remove',
    previewAlt: 'Cover image preview',
    invalidType: 'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
    tooLarge: 'Image must be less than 5MB',
    tooManyPixels: 'Image dimensions are too large (at most 12000 pixels a side and 40 megapixels)',
    tooManyUploads: 'You have uploaded too many images in the last hour. Please try again later.',
    quotaFull: 'You have used all the storage for your images',
    busy: 'Too many images are being processed right now. Please try again in a moment.',
    failed: 'Failed to upload image',
    uploaded: 'Image uploaded',
    uploadedDescription: 'The image was uploaded successfully.',
  },
  cs: {
    clickToUpload: 'Klikněte pro nahrání',
    dragAndDrop: 'nebo soubor přetáhněte sem',
    hint: 'SVG, PNG, JPG nebo GIF (max. 5 MB)',
    uploading: 'Nahrává se...',
    uploadImage: 'Nahrát obrázek',
    download: 'Stáhnout',
    remove: 'Odstranit',
    previewAlt: 'Náhled úvodního obrázku',
    invalidType: 'Vyberte prosím platný obrázek (JPEG, PNG, GIF, WEBP)',
    tooLarge: 'Obrázek musí být menší než 5 MB',
    tooManyPixels:
      'Obrázek má příliš velké rozměry (nejvýše 12000 pixelů na stranu a 40 megapixelů)',
    tooManyUploads:
      'Za poslední hodinu jste nahráli příliš mnoho obrázků. Zkuste to prosím později.',
    quotaFull: 'Vyčerpali jste úložiště pro své obrázky',
    busy: 'Právě se zpracovává příliš mnoho obrázků. Zkuste to prosím za chvíli.',
    failed: 'Obrázek se nepodařilo nahrát',
    uploaded: 'Obrázek nahrán',
    uploadedDescription: 'Obrázek byl úspěšně nahrán.',
  },
});

export type UploadTexts = (typeof uploadTexts)['en'];
