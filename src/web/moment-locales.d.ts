// moment ships its locale files without typings; they are imported only for their side effect.
declare module 'moment/locale/*';
