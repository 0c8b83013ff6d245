// Who the app is to the OS. electron-builder.yml repeats appId and productName (a test keeps them equal).
export const appId = 'dev.vitruvian.app';
export const productName = 'Vitruvian';
