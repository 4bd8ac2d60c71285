import { translationOf } from '../../catalogue'
import type { adminBranding as english } from '../../en/adminBranding'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminBranding = {
  'adminBranding.intro':
    'Cómo ve la aplicación todo el mundo, en la página de inicio de sesión y dentro. Un valor definido aquí sustituye al de la configuración del servidor, y un cambio guardado aparece al instante en todos los navegadores abiertos.',
  'adminBranding.loadFailed': 'No se pudo cargar la configuración de marca',
  'adminBranding.saveFailed': 'No se pudo guardar la marca',
  'adminBranding.saved': 'Marca guardada',
  'adminBranding.save': 'Guardar',
  'adminBranding.discard': 'Descartar cambios',
  'adminBranding.unsaved': 'Cambios sin guardar',
  'adminBranding.source.default': 'Predeterminado',
  'adminBranding.source.custom': 'Definido aquí',
  'adminBranding.reset': 'Restablecer',
  'adminBranding.resetLabel': 'Restablecer el valor predeterminado: {field}',
  'adminBranding.resetDone': 'Restablecido el valor predeterminado',
  'adminBranding.resetAll': 'Restablecer todo',
  'adminBranding.resetAllTitle': '¿Restablecer toda la marca?',
  'adminBranding.resetAllBody':
    'Los nombres, el eslogan, los colores y las imágenes vuelven a los valores predeterminados del servidor, para todos y al instante.',
  'adminBranding.resetAllConfirm': 'Restablecer todo',
  'adminBranding.resetAllDone': 'Marca restablecida a los valores predeterminados',
  'adminBranding.texts': 'Nombres',
  'adminBranding.companyName': 'Nombre de la empresa',
  'adminBranding.companyNameHint': 'Aparece en la cabecera de la aplicación.',
  'adminBranding.productName': 'Nombre del producto',
  'adminBranding.productNameHint':
    'Aparece en la página de inicio de sesión, en la barra lateral y como título de la pestaña del navegador.',
  'adminBranding.tagline': 'Eslogan',
  'adminBranding.taglineHint':
    'Aparece bajo el nombre del producto en la página de inicio de sesión y en la pantalla de bienvenida.',
  'adminBranding.colors': 'Colores',
  'adminBranding.primaryColor': 'Color principal',
  'adminBranding.secondaryColor': 'Color secundario',
  'adminBranding.colorHint':
    'Un color hexadecimal como #a855f7 o #a5f. Los botones y los destacados pasan del color principal al secundario.',
  'adminBranding.colorPicker': 'Elegir: {field}',
  'adminBranding.images': 'Imágenes',
  'adminBranding.logo': 'Logotipo',
  'adminBranding.logoHint': 'PNG, JPEG, GIF o WebP, de 5 MB como máximo. Una imagen cuadrada queda mejor.',
  'adminBranding.loginBackground': 'Fondo de inicio de sesión',
  'adminBranding.loginBackgroundHint':
    'Aparece detrás de la tarjeta de inicio de sesión. PNG, JPEG, GIF o WebP, de 5 MB como máximo.',
  'adminBranding.upload': 'Subir',
  'adminBranding.uploadLabel': 'Subir: {field}',
  'adminBranding.replace': 'Reemplazar',
  'adminBranding.replaceLabel': 'Reemplazar: {field}',
  'adminBranding.remove': 'Quitar',
  'adminBranding.removeLabel': 'Quitar: {field}',
  'adminBranding.noImage': 'Ninguna',
  'adminBranding.imagePreview': 'Actual: {field}',
  'adminBranding.uploaded': 'Imagen subida',
  'adminBranding.removed': 'Imagen quitada',
  'adminBranding.uploadFailed': 'No se pudo subir la imagen',
  'adminBranding.removeFailed': 'No se pudo quitar la imagen',
  'adminBranding.notImage': 'Selecciona un archivo de imagen',
  'adminBranding.tooLarge': 'La imagen debe pesar menos de 5 MB',
  'adminBranding.problem.empty': 'Escribe un nombre o restablece el predeterminado.',
  'adminBranding.problem.tooLong': 'Como máximo {max} caracteres.',
  'adminBranding.problem.oneLine': 'Usa una sola línea.',
  'adminBranding.problem.color': 'Escribe un color como #a855f7 o #a5f.',
  'adminBranding.preview': 'Vista previa',
  'adminBranding.previewHint':
    'Con los valores de arriba, guardados o no. Los demás ven un cambio cuando se guarda.',
  'adminBranding.previewHeader': 'Cabecera de la aplicación',
  'adminBranding.previewSignIn': 'Página de inicio de sesión',
  'adminBranding.previewWelcome': 'Hola de nuevo',
  'adminBranding.previewEmail': 'Correo electrónico',
  'adminBranding.previewButton': 'Iniciar sesión',
} as const

translationOf<typeof english>()(adminBranding)
